import { useLocation, useNavigate, useRevalidator } from "react-router";
import { Megaphone } from "../../components/ui/icons.tsx";
import { findOwn, loadForAccount } from "../../features/ads/account-loader.server.ts";
import type { AdsClient } from "../../features/ads/ads-client.ts";
import { AdsScreen, NewLink } from "../../features/ads/ads-screen.tsx";
import { CampaignEditor, type CampaignPickers } from "../../features/ads/campaign-editor.tsx";
import { CampaignList } from "../../features/ads/campaign-list.tsx";
import { campaignListQuery, campaignQuery, campaignsHref } from "../../features/ads/campaign-query.ts";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/campaigns";

export const meta = () => titleMeta("Campaigns", "Ads");

/** Everything the editor offers to pick from, and the campaign it opens on (null: a new one). */
async function editorData(client: AdsClient, adAccountId: string, id: string | null) {
  const all = { adAccountId, size: 100, sort: ["name,asc"] };
  const [campaign, creatives, filters, fences, audiences] = await Promise.all([
    id ? findOwn(client.campaign(id)) : null,
    client.creatives(all),
    client.filters(all),
    client.geoFences(all),
    client.audiences(all),
  ]);
  const pickers: CampaignPickers = {
    creatives: creatives.items,
    filters: filters.items,
    fences: fences.items,
    audiences: audiences.items,
  };
  return { campaign, missing: id !== null && campaign === null, pickers };
}

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, async (client, account, params) => {
    const query = campaignQuery(params);
    const wanted = params.get("campaign");
    const [list, editor] = await Promise.all([
      client.campaigns(campaignListQuery(account.id, query)),
      wanted || params.get("new") === "1" ? editorData(client, account.id, wanted) : null,
    ]);
    // An empty default view says "No campaigns yet" only when there are no archived ones either.
    const archivedOnly =
      list.total === 0 && !query.status && !query.q
        ? (await client.campaigns({ adAccountId: account.id, where: ["status==ARCHIVED"], size: 1 })).total >
          0
        : false;
    return { list, editor, archivedOnly };
  });
}

/** Campaigns (ADS.md §1.2): the list, and the editor as a sheet over it. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data, failed } = loaderData;
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const query = campaignQuery(new URLSearchParams(location.search));
  const listHref = campaignsHref(query);
  const newCampaign = (canWrite: boolean) => (
    <NewLink
      to={campaignsHref(query, { new: "1" })}
      label="New campaign"
      canWrite={canWrite}
      testId="new-campaign"
    />
  );
  return (
    <AdsScreen
      title="Campaigns"
      description="Plan, run and pause your campaigns."
      icon={Megaphone}
      actions={({ account, canWrite }) => (account.viewerRole === "MEMBER" ? null : newCampaign(canWrite))}
    >
      {({ account, canWrite }) =>
        failed || !data || loaderData.accountId !== account.id ? (
          <LoadFailed thing="campaigns" testId="campaigns-error" />
        ) : (
          <>
            <CampaignList
              account={account}
              list={data.list}
              query={query}
              canWrite={canWrite}
              archivedOnly={data.archivedOnly}
              onNew={account.viewerRole === "MEMBER" ? null : newCampaign(canWrite)}
            />
            {data.editor?.missing ? (
              <p role="alert" className="text-destructive text-sm" data-testid="campaign-missing">
                There is no such campaign.
              </p>
            ) : null}
            {data.editor && !data.editor.missing ? (
              <CampaignEditor
                // A new address (another campaign, or a new one) is a fresh form.
                key={location.search}
                account={account}
                campaign={data.editor.campaign}
                pickers={data.editor.pickers}
                canWrite={canWrite}
                onClose={() => navigate(listHref, { preventScrollReset: true })}
                onSaved={(_, stayOpen) =>
                  stayOpen ? void revalidate() : navigate(listHref, { preventScrollReset: true })
                }
              />
            ) : null}
          </>
        )
      }
    </AdsScreen>
  );
}
