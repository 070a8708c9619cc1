import { useSearchParams } from "react-router";
import { Images } from "../../components/ui/icons.tsx";
import { loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen, NewLink } from "../../features/ads/ads-screen.tsx";
import {
  CreativeLibrary,
  creativeListQuery,
  creativeQuery,
  creativesHref,
} from "../../features/ads/creative-library.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/creative-lib";

export const meta = () => titleMeta("Creative Library", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, (client, account, params) =>
    client.creatives(creativeListQuery(account.id, creativeQuery(params))),
  );
}

/** The Creative Library (ADS.md §1.3). */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data: list, failed } = loaderData;
  const [params] = useSearchParams();
  const query = creativeQuery(params);
  return (
    <AdsScreen
      title="Creative Library"
      description="The images and texts your ads are made of."
      icon={Images}
      actions={({ account, canWrite }) =>
        account.viewerRole === "MEMBER" ? null : (
          <NewLink
            to={creativesHref(query, {}, "new")}
            label="New creative"
            canWrite={canWrite}
            testId="new-creative"
          />
        )
      }
    >
      {({ account, canWrite }) =>
        failed || !list || loaderData.accountId !== account.id ? (
          <LoadFailed thing="creatives" testId="creatives-error" />
        ) : (
          <CreativeLibrary adAccountId={account.id} list={list} query={query} canWrite={canWrite} />
        )
      }
    </AdsScreen>
  );
}
