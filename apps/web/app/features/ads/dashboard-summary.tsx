import {
  AD_SUMMARY_PERIOD_LABELS,
  AD_SUMMARY_PERIODS,
  type AdAlertKind,
  formatDay,
  formatMicros,
} from "@flipside/contracts/ads-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { CircleAlert } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import { walletPath } from "./ad-account.ts";
import type { AdAccount, AdSummary } from "./ads-client.ts";
import { Figure } from "./figure.tsx";
import { changeVsPrevious } from "./report-view.ts";

/** "Today", "Last 7 days", "Last 30 days": links, so a period can be linked and reloaded. */
export function PeriodTabs({ period }: { period: AdSummary["period"] }) {
  return (
    <nav
      aria-label="Period"
      className="flex flex-wrap gap-1 rounded-lg bg-muted p-1 text-sm"
      data-testid="dashboard-periods"
    >
      {AD_SUMMARY_PERIODS.map((p) => (
        <AppLink
          key={p}
          to={p === "LAST_7_DAYS" ? "/ads" : `/ads?period=${p}`}
          aria-current={p === period ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 font-medium",
            p === period
              ? "bg-background text-foreground shadow-sm"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {AD_SUMMARY_PERIOD_LABELS[p]}
        </AppLink>
      ))}
    </nav>
  );
}

/** "Spend", "Impressions", "Clicks", "CTR", each with "{±x%} vs previous period". */
export function SummaryFigures({ summary }: { summary: AdSummary }) {
  const figures = [
    [
      "spend",
      "Spend",
      formatMicros(summary.spendMicros, summary.currency),
      summary.spendMicros,
      summary.previous.spendMicros,
    ],
    [
      "impressions",
      "Impressions",
      summary.impressions.toLocaleString("en"),
      summary.impressions,
      summary.previous.impressions,
    ],
    ["clicks", "Clicks", summary.clicks.toLocaleString("en"), summary.clicks, summary.previous.clicks],
    ["ctr", "CTR", `${(summary.ctr * 100).toFixed(2)}%`, summary.ctr, summary.previous.ctr],
  ] as const;
  return (
    <section aria-label="Figures" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {figures.map(([key, label, value, now, before]) => {
        const change = changeVsPrevious(now, before);
        return (
          <Figure
            key={key}
            label={label}
            value={value}
            detail={change ? `${change} vs previous period` : "Nothing to compare with before"}
            testId={`dashboard-figure-${key}`}
          />
        );
      })}
    </section>
  );
}

/** The paying wallet, what campaigns hold in reserve and when it all runs out. */
export function WalletCard({ account, summary }: { account: AdAccount; summary: AdSummary }) {
  return (
    <Card data-testid="dashboard-wallet">
      <CardContent className="flex flex-col gap-3">
        {summary.walletBalanceMinor !== null ? (
          <div>
            <p className="text-muted-foreground text-sm">Wallet balance</p>
            <p className="font-semibold text-2xl tabular-nums">
              {formatMoney(summary.walletBalanceMinor, summary.currency)}
            </p>
          </div>
        ) : null}
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Reserved for campaigns</dt>
          <dd className="text-right tabular-nums">
            {formatMicros(summary.reservedMicros, summary.currency)}
          </dd>
          <dt className="text-muted-foreground">Runs out around</dt>
          <dd className="text-right tabular-nums" data-testid="dashboard-runs-out">
            {summary.runsOutOn ? formatDay(summary.runsOutOn) : "—"}
          </dd>
        </dl>
        {account.viewerRole === "MEMBER" ? null : (
          <Button variant="outline" asChild>
            <AppLink to={walletPath(account)}>Add funds</AppLink>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

const ALERT_LINKS: Record<AdAlertKind, (alert: AdSummary["alerts"][number], account: AdAccount) => string> = {
  NO_FUNDS: (a) => `/ads/campaigns?campaign=${a.objectId}`,
  DAILY_BUDGET_REACHED: (a) => `/ads/campaigns?campaign=${a.objectId}`,
  CREATIVE_REJECTED: () => "/ads/creative-lib?show=rejected",
  AUDIENCE_TOO_SMALL: () => "/ads/retargeting",
  WALLET_LOW: (_, account) => walletPath(account),
};

/** "Needs attention": each alert links to where it is dealt with. */
export function NeedsAttention({ account, summary }: { account: AdAccount; summary: AdSummary }) {
  return (
    <section aria-labelledby="needs-attention" className="flex flex-col gap-3">
      <h2 id="needs-attention" className="font-semibold text-lg">
        Needs attention
      </h2>
      {summary.alerts.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing needs your attention.</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="needs-attention">
          {summary.alerts.map((a) => (
            <li key={`${a.kind}-${a.objectId}`}>
              <AppLink
                to={ALERT_LINKS[a.kind](a, account)}
                className="flex items-start gap-2 text-sm hover:underline"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                {a.detail}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
