import { AD_AUTOPILOT_TEXTS as T } from "@flipside/contracts/ads-constants";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Bot } from "../../components/ui/icons.tsx";
import { findOwn, loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen, NewLink } from "../../features/ads/ads-screen.tsx";
import { AutopilotEditor, AutopilotTable, ChooseCampaign } from "../../features/ads/autopilot.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/bidding-autopilot";

export const meta = () => titleMeta("Bidding Autopilot", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, async (client, account, params) => {
    const page = await client.campaigns({ adAccountId: account.id, sort: ["name,asc"], size: 100 });
    const campaigns = page.items.filter((c) => c.status !== "ARCHIVED");
    // The chosen campaign, or the first: the screen always shows one's autopilot when it can.
    const chosen = campaigns.find((c) => c.id === params.get("campaign")) ?? campaigns[0] ?? null;
    const [bidding, changes] = chosen
      ? await Promise.all([findOwn(client.bidding(chosen.id)), findOwn(client.bidChanges(chosen.id))])
      : [null, null];
    return { campaigns, chosen, bidding, changes: changes ?? [] };
  });
}

/** Bidding Autopilot (ADS.md §1.9): each campaign's strategy, and every change it made, with why. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data, failed } = loaderData;
  return (
    <AdsScreen title={T.title} description={T.description} icon={Bot}>
      {({ account, canWrite }) =>
        failed || !data || loaderData.accountId !== account.id ? (
          <LoadFailed thing="your campaigns" testId="autopilot-error" />
        ) : data.campaigns.length === 0 ? (
          <EmptyState
            icon={Bot}
            title={T.noCampaigns}
            description={T.noCampaignsText}
            action={
              <NewLink
                to="/ads/campaigns?new=1"
                label={T.newCampaign}
                canWrite={canWrite}
                testId="new-campaign"
              />
            }
            data-testid="autopilot-empty"
          />
        ) : (
          <div className="flex flex-col gap-6">
            <AutopilotTable
              campaigns={data.campaigns}
              selectedId={data.chosen?.id ?? null}
              currency={account.currency}
            />
            {data.chosen && data.bidding ? (
              <AutopilotEditor
                key={`${data.chosen.id}:${data.bidding.version}`}
                campaign={data.chosen}
                bidding={data.bidding}
                changes={data.changes}
                currency={account.currency}
                canWrite={canWrite}
              />
            ) : (
              <ChooseCampaign />
            )}
          </div>
        )
      }
    </AdsScreen>
  );
}
