import { AD_ACCOUNT_COOKIE } from "@flipside/contracts/ads-constants";
import { useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Images, Plus } from "../../components/ui/icons.tsx";
import { chooseAccount } from "../../features/ads/ad-account.ts";
import { createAdsClient } from "../../features/ads/ads-client.ts";
import { AdsScreen } from "../../features/ads/ads-screen.tsx";
import {
  CreativeLibrary,
  creativeListQuery,
  creativeQuery,
  creativesHref,
} from "../../features/ads/creative-library.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { readCookie } from "../../lib/cookies.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/creative-lib";

export const meta = () => titleMeta("Creative Library", "Ads");

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = creativeQuery(new URL(request.url).searchParams);
  const client = createAdsClient(serverApi(context));
  try {
    const accounts = await client.accounts();
    const account = chooseAccount(accounts, readCookie(request.headers.get("cookie"), AD_ACCOUNT_COOKIE));
    if (!account) return { query, accountId: null, list: null, failed: false };
    const list = await client.creatives(creativeListQuery(account.id, query));
    return { query, accountId: account.id, list, failed: false };
  } catch (error) {
    if (isApiError(error) && error.status === 401)
      return { query, accountId: null, list: null, failed: false };
    if (isApiError(error) && error.status < 500) return { query, accountId: null, list: null, failed: true };
    throw error;
  }
}

/** The Creative Library (ADS.md §1.3). */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { query, list, failed } = loaderData;
  const { revalidate, state } = useRevalidator();
  return (
    <AdsScreen
      title="Creative Library"
      description="The images and texts your ads are made of."
      icon={Images}
      actions={({ account, canWrite }) =>
        account.viewerRole === "MEMBER" ? null : (
          <Button asChild={canWrite} disabled={!canWrite}>
            {canWrite ? (
              <AppLink to={creativesHref(query, {}, "new")} data-testid="new-creative">
                <Plus aria-hidden="true" />
                New creative
              </AppLink>
            ) : (
              <span>New creative</span>
            )}
          </Button>
        )
      }
    >
      {({ account, canWrite }) =>
        failed || !list || loaderData.accountId !== account.id ? (
          <Card role="alert" data-testid="creatives-error">
            <CardContent className="flex flex-col items-start gap-3">
              <p>Could not load creatives.</p>
              <Button variant="outline" onClick={() => void revalidate()} disabled={state === "loading"}>
                Try again
              </Button>
            </CardContent>
          </Card>
        ) : (
          <CreativeLibrary adAccountId={account.id} list={list} query={query} canWrite={canWrite} />
        )
      }
    </AdsScreen>
  );
}
