import { AD_TARGETING_MESSAGES, audienceSizeLabel } from "@flipside/contracts/ads-constants";
import { useNavigate, useSearchParams } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Crosshair } from "../../components/ui/icons.tsx";
import { loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen, NewLink } from "../../features/ads/ads-screen.tsx";
import { AudienceEditor, ruleLabel } from "../../features/ads/audience-editor.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { campaignCount, OwnedTable } from "../../features/ads/owned-table.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/retargeting";

export const meta = () => titleMeta("Retargeting", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  // An account has at most 100 audiences: one page holds them all, rules included.
  return loadForAccount(request, context, (client, account) =>
    client.audiences({ adAccountId: account.id, sort: ["name,asc"], size: 100 }),
  );
}

/** Retargeting (ADS.md §1.6): audiences of people who read or wrote on pages the advertiser chose. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data: list, failed } = loaderData;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const close = () => navigate("/ads/retargeting", { preventScrollReset: true });
  const wanted = params.get("audience");
  const newAudience = (canWrite: boolean) => (
    <NewLink to="/ads/retargeting?new=1" label="New audience" canWrite={canWrite} testId="new-audience" />
  );
  return (
    <AdsScreen
      title="Retargeting"
      description="Reach people who already read pages like yours."
      icon={Crosshair}
      actions={({ account, canWrite }) => (account.viewerRole === "MEMBER" ? null : newAudience(canWrite))}
    >
      {({ account, canWrite }) => {
        if (failed || !list || loaderData.accountId !== account.id) {
          return <LoadFailed thing="audiences" testId="audiences-error" />;
        }
        const audience = wanted ? (list.items.find((a) => a.id === wanted) ?? null) : null;
        return (
          <>
            <p className="text-muted-foreground text-sm">{AD_TARGETING_MESSAGES.audienceInfo}</p>
            {list.items.length === 0 ? (
              <EmptyState
                icon={Crosshair}
                title="No audiences yet"
                description="Build audiences from the Flipside pages people read."
                action={account.viewerRole === "MEMBER" ? null : newAudience(canWrite)}
                data-testid="audiences-empty"
              />
            ) : (
              <OwnedTable
                items={list.items}
                testId="audience-table"
                rowTestId="audience-row"
                columns={[
                  {
                    label: "Name",
                    cell: (a) => (
                      <AppLink
                        to={`/ads/retargeting?audience=${a.id}`}
                        className="font-medium break-words hover:underline"
                      >
                        {a.name}
                      </AppLink>
                    ),
                  },
                  {
                    label: "People who",
                    cell: (a) => {
                      const [first] = a.rules;
                      const more = a.rules.length - 1;
                      return first ? `${ruleLabel(first)}${more > 0 ? ` and ${more} more` : ""}` : "";
                    },
                  },
                  { label: "Keep for", numeric: true, cell: (a) => `${a.membershipDays} days` },
                  { label: "Size", numeric: true, cell: (a) => audienceSizeLabel(a.size) },
                  {
                    label: "Status",
                    cell: (a) => (
                      <Badge variant={a.servable ? "success" : "warning"} data-testid="audience-status">
                        {a.servable ? "Ready" : "Too small to serve"}
                      </Badge>
                    ),
                  },
                  { label: "Used by", numeric: true, cell: (a) => campaignCount(a.usedBy) },
                ]}
              />
            )}
            {wanted && !audience ? (
              <p role="alert" className="text-destructive text-sm">
                There is no such audience.
              </p>
            ) : null}
            {audience || params.get("new") === "1" ? (
              <AudienceEditor
                key={params.toString()}
                adAccountId={account.id}
                audience={audience}
                canWrite={canWrite}
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
