import { AD_TARGETING_MESSAGES } from "@flipside/contracts/ads-constants";
import { useNavigate, useSearchParams } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { MapPin } from "../../components/ui/icons.tsx";
import { loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen, NewLink } from "../../features/ads/ads-screen.tsx";
import { GeoFenceEditor, placeLabel } from "../../features/ads/geo-fence-editor.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { campaignCount, OwnedTable } from "../../features/ads/owned-table.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { Route } from "./+types/geo-fence";

export const meta = () => titleMeta("Geo Fence", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  // An account has at most 100 geo fences: one page holds them all, places included.
  return loadForAccount(request, context, (client, account) =>
    client.geoFences({ adAccountId: account.id, sort: ["name,asc"], size: 100 }),
  );
}

/** "Germany, France and 2 more" */
function places(shapes: Parameters<typeof placeLabel>[0][]): string {
  const named = shapes.slice(0, 2).map(placeLabel).join(", ");
  return shapes.length > 2 ? `${named} and ${shapes.length - 2} more` : named;
}

/** Geo Fence (ADS.md §1.5): the places an account's campaigns may be shown in, or not. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data: list, failed } = loaderData;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useRootData()?.config;
  const located = config?.geoIp === true;
  const close = () => navigate("/ads/geo-fence", { preventScrollReset: true });
  const wanted = params.get("fence");
  const newFence = (canWrite: boolean) => (
    <NewLink to="/ads/geo-fence?new=1" label="New geo fence" canWrite={canWrite} testId="new-geo-fence" />
  );
  return (
    <AdsScreen
      title="Geo Fence"
      description="Show ads only to readers in the places you pick."
      icon={MapPin}
      actions={({ account, canWrite }) => (account.viewerRole === "MEMBER" ? null : newFence(canWrite))}
    >
      {({ account, canWrite }) => {
        if (failed || !list || loaderData.accountId !== account.id) {
          return <LoadFailed thing="geo fences" testId="geo-fences-error" />;
        }
        const fence = wanted ? (list.items.find((f) => f.id === wanted) ?? null) : null;
        return (
          <>
            {located ? null : (
              <p
                role="note"
                className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
                data-testid="geo-not-configured"
              >
                {AD_TARGETING_MESSAGES.geoNotConfigured}
              </p>
            )}
            <p className="text-muted-foreground text-sm">{AD_TARGETING_MESSAGES.locationNote}</p>
            {list.items.length === 0 ? (
              <EmptyState
                icon={MapPin}
                title="No geo fences yet"
                description="Pick countries, circles or areas where your ads may show."
                action={account.viewerRole === "MEMBER" ? null : newFence(canWrite)}
                data-testid="geo-fences-empty"
              />
            ) : (
              <OwnedTable
                items={list.items}
                testId="geo-fence-table"
                rowTestId="geo-fence-row"
                columns={[
                  {
                    label: "Name",
                    cell: (f) => (
                      <AppLink
                        to={`/ads/geo-fence?fence=${f.id}`}
                        className="font-medium break-words hover:underline"
                      >
                        {f.name}
                      </AppLink>
                    ),
                  },
                  { label: "Places", cell: (f) => places(f.shapes) },
                  { label: "Used by", numeric: true, cell: (f) => campaignCount(f.usedBy) },
                ]}
              />
            )}
            {wanted && !fence ? (
              <p role="alert" className="text-destructive text-sm">
                There is no such geo fence.
              </p>
            ) : null}
            {fence || params.get("new") === "1" ? (
              <GeoFenceEditor
                key={params.toString()}
                adAccountId={account.id}
                fence={fence}
                canWrite={canWrite}
                locationsConfigured={located}
                tiles={config?.mapTiles}
                onClose={close}
                onSaved={close}
              />
            ) : null}
          </>
        );
      }}
    </AdsScreen>
  );
}
