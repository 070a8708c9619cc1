import { AD_ACCOUNT_COOKIE } from "@flipside/contracts/ads-constants";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Megaphone, Plus } from "../../components/ui/icons.tsx";
import { chooseAccount } from "../../features/ads/ad-account.ts";
import { type AdsClient, createAdsClient } from "../../features/ads/ads-client.ts";
import { AdsScreen } from "../../features/ads/ads-screen.tsx";
import { CampaignEditor, type CampaignPickers } from "../../features/ads/campaign-editor.tsx";
import { CampaignList } from "../../features/ads/campaign-list.tsx";
import { campaignListQuery, campaignQuery, campaignsHref } from "../../features/ads/campaign-query.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { readCookie } from "../../lib/cookies.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/campaigns";

export const meta = () => titleMeta("Campaigns", "Ads");

/** Everything the editor offers to pick from, and the campaign it opens on (null: a new one). */
async function editorData(client: AdsClient, adAccountId: string, id: string | null) {
  const all = { adAccountId, size: 100, sort: ["name,asc"] };
  const [campaign, creatives, filters, fences, audiences] = await Promise.all([
    id
      ? client.campaign(id).catch((error: unknown) => {
          if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
          throw error;
        })
      : null,
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = campaignQuery(params);
  const client = createAdsClient(serverApi(context));
  try {
    const accounts = await client.accounts();
    const account = chooseAccount(accounts, readCookie(request.headers.get("cookie"), AD_ACCOUNT_COOKIE));
    if (!account)
      return { query, accountId: null, list: null, editor: null, archivedOnly: false, failed: false };
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
    return { query, accountId: account.id, list, editor, archivedOnly, failed: false };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      return { query, accountId: null, list: null, editor: null, archivedOnly: false, failed: false };
    }
    if (isApiError(error) && error.status < 500) {
      return { query, accountId: null, list: null, editor: null, archivedOnly: false, failed: true };
    }
    throw error;
  }
}

/** Campaigns (ADS.md §1.2): the list, and the editor as a sheet over it. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { query, list, editor, failed, archivedOnly } = loaderData;
  const { revalidate, state } = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  const listHref = campaignsHref(query);
  const newCampaign = (canWrite: boolean) => (
    <Button asChild={canWrite} disabled={!canWrite}>
      {canWrite ? (
        <AppLink to={campaignsHref(query, { new: "1" })} data-testid="new-campaign">
          <Plus aria-hidden="true" />
          New campaign
        </AppLink>
      ) : (
        <span>New campaign</span>
      )}
    </Button>
  );
  return (
    <AdsScreen
      title="Campaigns"
      description="Plan, run and pause your campaigns."
      icon={Megaphone}
      actions={({ account, canWrite }) => (account.viewerRole === "MEMBER" ? null : newCampaign(canWrite))}
    >
      {({ account, canWrite }) =>
        failed || !list || loaderData.accountId !== account.id ? (
          <Card role="alert" data-testid="campaigns-error">
            <CardContent className="flex flex-col items-start gap-3">
              <p>Could not load campaigns.</p>
              <Button variant="outline" onClick={() => void revalidate()} disabled={state === "loading"}>
                Try again
              </Button>
            </CardContent>
          </Card>
        ) : (
          <>
            <CampaignList
              account={account}
              list={list}
              query={query}
              canWrite={canWrite}
              archivedOnly={archivedOnly}
              onNew={account.viewerRole === "MEMBER" ? null : newCampaign(canWrite)}
            />
            {editor?.missing ? (
              <p role="alert" className="text-destructive text-sm" data-testid="campaign-missing">
                There is no such campaign.
              </p>
            ) : null}
            {editor && !editor.missing ? (
              <CampaignEditor
                // A new address (another campaign, or a new one) is a fresh form.
                key={location.search}
                account={account}
                campaign={editor.campaign}
                pickers={editor.pickers}
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
