import { AD_SUMMARY_PERIODS, formatMicros } from "@flipside/contracts/ads-constants";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { LayoutDashboard, Plus } from "../../components/ui/icons.tsx";
import { loadForAccount } from "../../features/ads/account-loader.server.ts";
import { useAdsContext, writeAccess } from "../../features/ads/ad-account.ts";
import type { AdAccount, AdsClient } from "../../features/ads/ads-client.ts";
import { SignInToAdvertise, SuspendedBanner } from "../../features/ads/ads-screen.tsx";
import {
  NeedsAttention,
  PeriodTabs,
  SummaryFigures,
  WalletCard,
} from "../../features/ads/dashboard-summary.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { SetupCard } from "../../features/ads/setup-card.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/dashboard";

export const meta = () => titleMeta("Dashboard", "Ads");

/** What the dashboard shows of an account: the period's figures, money and alerts, recent campaigns. */
async function overview(client: AdsClient, account: AdAccount, params: URLSearchParams) {
  const period = AD_SUMMARY_PERIODS.find((p) => p === params.get("period")) ?? "LAST_7_DAYS";
  const [recent, summary] = await Promise.all([
    client.campaigns({ adAccountId: account.id, sort: ["updatedAt,desc"], size: 5 }),
    client.summary(account.id, period),
  ]);
  return { recent: recent.items, total: recent.total, summary };
}

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, overview);
}

/** The ads dashboard (ADS.md §1.1): set up, then what runs and what needs attention. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const context = useAdsContext();
  const user = useShellUser();
  const activated = user?.activated === true;
  const account = context.current;
  const { canWrite } = writeAccess(account, activated);
  const [search] = useSearchParams();
  const asked = search.get("new") === "1";
  const settingUp = context.signedIn && (!account || asked) && context.choices.length > 0;
  const shown = loaderData.accountId === account?.id ? loaderData.data : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Dashboard"
        description="An overview of your advertising on Flipside."
        actions={
          account && !settingUp && account.viewerRole !== "MEMBER" ? (
            <Button asChild={canWrite} disabled={!canWrite}>
              {canWrite ? (
                <AppLink to="/ads/campaigns?new=1" data-testid="dashboard-new-campaign">
                  <Plus aria-hidden="true" />
                  New campaign
                </AppLink>
              ) : (
                <span>New campaign</span>
              )}
            </Button>
          ) : null
        }
      />
      {!context.signedIn ? (
        <SignInToAdvertise icon={LayoutDashboard} />
      ) : settingUp ? (
        <SetupCard
          choices={context.choices}
          canWrite={activated}
          writeBlocked={activated ? null : "Confirm your email to advertise."}
        />
      ) : !account ? null : (
        <>
          <SuspendedBanner account={account} />
          {loaderData.failed || !shown ? (
            <LoadFailed thing="your advertising overview" testId="dashboard-error" />
          ) : (
            <div className="flex flex-col gap-6">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <PeriodTabs period={shown.summary.period} />
                <AppLink to="/ads/analytics" className="text-sm underline underline-offset-4">
                  Open analytics
                </AppLink>
              </div>
              <SummaryFigures summary={shown.summary} />
              <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                <section aria-labelledby="recent-campaigns" className="flex min-w-0 flex-col gap-3">
                  <div className="flex items-center justify-between gap-2">
                    <h2 id="recent-campaigns" className="font-semibold text-lg">
                      Recent campaigns
                    </h2>
                    {shown.total > 0 ? (
                      <AppLink to="/ads/campaigns" className="text-sm underline underline-offset-4">
                        All campaigns
                      </AppLink>
                    ) : null}
                  </div>
                  {shown.recent.length === 0 ? (
                    <EmptyState
                      compact
                      headingLevel={3}
                      title="No campaigns yet"
                      description="Create a campaign to show your ads beside discussions."
                      action={
                        canWrite ? (
                          <Button asChild>
                            <AppLink to="/ads/campaigns?new=1">New campaign</AppLink>
                          </Button>
                        ) : null
                      }
                    />
                  ) : (
                    <ul className="flex flex-col divide-y rounded-lg border" data-testid="recent-campaigns">
                      {shown.recent.map((c) => (
                        <li
                          key={c.id}
                          className="flex flex-col gap-1 p-3 sm:flex-row sm:items-center sm:justify-between"
                        >
                          <AppLink
                            to={`/ads/campaigns?campaign=${c.id}`}
                            className="min-w-0 truncate font-medium hover:underline"
                          >
                            {c.name}
                          </AppLink>
                          <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
                            <Badge variant="outline">{c.delivery.label}</Badge>
                            <span>
                              {formatMicros(c.stats.spentMicros, account.currency)} of{" "}
                              {formatMicros(c.budget.totalMicros, account.currency)}
                            </span>
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
                <div className="flex min-w-0 flex-col gap-6">
                  <WalletCard account={account} summary={shown.summary} />
                  <NeedsAttention account={account} summary={shown.summary} />
                </div>
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
