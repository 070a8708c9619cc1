import { CalendarRange } from "../../components/ui/icons.tsx";
import { loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen } from "../../features/ads/ads-screen.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { MediaPlanner } from "../../features/ads/media-planning.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/media-planning";

export const meta = () => titleMeta("Media Planning", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, async (client, account) => {
    const all = { adAccountId: account.id, size: 100, sort: ["name,asc"] };
    const [filters, fences, audiences, plans] = await Promise.all([
      client.filters(all),
      client.geoFences(all),
      client.audiences(all),
      client.plans(account.id),
    ]);
    return { pickers: { filters: filters.items, fences: fences.items, audiences: audiences.items }, plans };
  });
}

/** Media Planning (ADS.md §1.7): forecast a campaign before it spends, and keep plans. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data, failed } = loaderData;
  return (
    <AdsScreen
      title="Media Planning"
      description="Forecast reach and cost before you spend."
      icon={CalendarRange}
    >
      {({ account, canWrite }) =>
        failed || !data || loaderData.accountId !== account.id ? (
          <LoadFailed thing="your plans" testId="planning-error" />
        ) : (
          <MediaPlanner
            key={account.id}
            account={account}
            pickers={data.pickers}
            plans={data.plans}
            canWrite={canWrite}
          />
        )
      }
    </AdsScreen>
  );
}
