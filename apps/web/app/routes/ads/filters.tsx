import { FILTER_MODE_LABELS } from "@flipside/contracts/ads-constants";
import { useNavigate, useSearchParams } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ListFilter } from "../../components/ui/icons.tsx";
import { findOwn, loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen, NewLink } from "../../features/ads/ads-screen.tsx";
import { FilterEditor } from "../../features/ads/filter-editor.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { campaignCount, OwnedTable } from "../../features/ads/owned-table.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/filters";

export const meta = () => titleMeta("Filters", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, async (client, account, params) => {
    const wanted = params.get("filter");
    const [list, filter] = await Promise.all([
      // An account has at most 100 lists: one page holds them all.
      client.filters({ adAccountId: account.id, sort: ["name,asc"], size: 100 }),
      wanted ? findOwn(client.filter(wanted)) : null,
    ]);
    const editor =
      wanted || params.get("new") === "1" ? { filter, missing: wanted !== null && filter === null } : null;
    return { list, editor };
  });
}

/** Filters (ADS.md §1.4): lists that keep ads off pages, or on only some. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data, failed } = loaderData;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const close = () => navigate("/ads/filters", { preventScrollReset: true });
  const newList = (canWrite: boolean) => (
    <NewLink to="/ads/filters?new=1" label="New filter list" canWrite={canWrite} testId="new-filter" />
  );
  return (
    <AdsScreen
      title="Filters"
      description="Keep your ads away from pages and keywords you choose."
      icon={ListFilter}
      actions={({ account, canWrite }) => (account.viewerRole === "MEMBER" ? null : newList(canWrite))}
    >
      {({ account, canWrite }) =>
        failed || !data || loaderData.accountId !== account.id ? (
          <LoadFailed thing="filter lists" testId="filters-error" />
        ) : (
          <>
            {data.list.items.length === 0 ? (
              <EmptyState
                icon={ListFilter}
                title="No filter lists yet"
                description="Keep your ads off sites, addresses or keywords you choose."
                action={account.viewerRole === "MEMBER" ? null : newList(canWrite)}
                data-testid="filters-empty"
              />
            ) : (
              <OwnedTable
                items={data.list.items}
                testId="filter-table"
                rowTestId="filter-row"
                columns={[
                  {
                    label: "Name",
                    cell: (f) => (
                      <AppLink
                        to={`/ads/filters?filter=${f.id}`}
                        className="font-medium break-words hover:underline"
                      >
                        {f.name}
                      </AppLink>
                    ),
                  },
                  { label: "Type", cell: (f) => FILTER_MODE_LABELS[f.mode] },
                  {
                    label: "Rules",
                    numeric: true,
                    cell: (f) => (f.ruleCount === 1 ? "1 rule" : `${f.ruleCount} rules`),
                  },
                  { label: "Used by", numeric: true, cell: (f) => campaignCount(f.usedBy) },
                ]}
              />
            )}
            {data.editor?.missing ? (
              <p role="alert" className="text-destructive text-sm">
                There is no such filter list.
              </p>
            ) : null}
            {data.editor && !data.editor.missing ? (
              <FilterEditor
                key={params.toString()}
                adAccountId={account.id}
                filter={data.editor.filter}
                canWrite={canWrite}
                onClose={close}
                onSaved={close}
              />
            ) : null}
          </>
        )
      }
    </AdsScreen>
  );
}
