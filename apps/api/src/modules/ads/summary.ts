import type { AdCampaign, AdSummary } from "@flipside/contracts/ads";
import {
  AD_TARGETING_LIMITS,
  type AdSummaryPeriod,
  DELIVERY_LABELS,
  formatDay,
  presetRange,
  previousRange,
  REJECTION_REASON_LABELS,
} from "@flipside/contracts/ads-constants";
import { and, eq, inArray, isNull, like } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAudiences, adCampaigns, adCampaignTargets, adCreatives } from "../../db/schema/ads.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { audienceSizes } from "./audiences.ts";
import { moneyOf, runsLow } from "./billing.ts";
import { localTime } from "./delivery.ts";
import { accountTotals } from "./reports.ts";

/**
 * The dashboard (ADS.md §1.1): the period's figures against the one before, the money, and what
 * needs the advertiser's attention — each alert naming its object and saying what to do.
 */

/** Audiences a running or paused campaign targets that have too few people to serve. */
async function smallAudiences(db: Db, accountId: string) {
  const used = await db
    .selectDistinct({ id: adAudiences.id, name: adAudiences.name })
    .from(adAudiences)
    .innerJoin(adCampaignTargets, eq(adCampaignTargets.targetId, adAudiences.id))
    .innerJoin(adCampaigns, eq(adCampaigns.id, adCampaignTargets.campaignId))
    .where(
      and(
        eq(adAudiences.adAccountId, accountId),
        like(adCampaignTargets.kind, "AUDIENCE_%"),
        inArray(adCampaigns.status, ["ACTIVE", "PAUSED"]),
      ),
    );
  const sizes = await audienceSizes(
    db,
    used.map((a) => a.id),
  );
  return used.filter((a) => (sizes.get(a.id) ?? 0) < AD_TARGETING_LIMITS.audienceMinSize);
}

export async function accountSummary(
  db: Db,
  viewer: Viewer,
  id: string,
  period: AdSummaryPeriod,
  running: () => Promise<AdCampaign[]>,
  now: Date,
): Promise<AdSummary> {
  const { account, role } = await requireAdAccount(db, viewer, id, "read");
  const range = presetRange(period, localTime(now, account.timezone).date);
  const [totals, previous, billing, live, rejected, audiences] = await Promise.all([
    accountTotals(db, account, range),
    accountTotals(db, account, previousRange(range.from, range.to)),
    // An organisation's wallet is its OWNERs' and ADMINs' to see.
    moneyOf(db, account, now, role !== "MEMBER"),
    running(),
    db
      .select({ id: adCreatives.id, name: adCreatives.name, reason: adCreatives.rejectionReason })
      .from(adCreatives)
      .where(
        and(
          eq(adCreatives.adAccountId, account.id),
          eq(adCreatives.reviewStatus, "REJECTED"),
          isNull(adCreatives.archivedAt),
        ),
      ),
    smallAudiences(db, account.id),
  ]);
  const figures = (m: typeof totals) => ({
    spendMicros: m.spendMicros,
    impressions: m.impressions,
    clicks: m.clicks,
    ctr: m.ctr,
  });
  const alerts: AdSummary["alerts"] = [];
  for (const c of live) {
    if (c.delivery.state === "INSUFFICIENT_FUNDS" || c.delivery.state === "DAILY_BUDGET_REACHED") {
      alerts.push({
        kind: c.delivery.state === "INSUFFICIENT_FUNDS" ? "NO_FUNDS" : "DAILY_BUDGET_REACHED",
        objectType: "CAMPAIGN",
        objectId: c.id,
        name: c.name,
        detail: `${c.name}: ${DELIVERY_LABELS[c.delivery.state]}`,
      });
    }
  }
  for (const c of rejected) {
    alerts.push({
      kind: "CREATIVE_REJECTED",
      objectType: "CREATIVE",
      objectId: c.id,
      name: c.name,
      detail: `${c.name} was rejected: ${c.reason ? REJECTION_REASON_LABELS[c.reason] : ""}`,
    });
  }
  for (const a of audiences) {
    alerts.push({
      kind: "AUDIENCE_TOO_SMALL",
      objectType: "AUDIENCE",
      objectId: a.id,
      name: a.name,
      detail: `${a.name} is too small to serve`,
    });
  }
  if (billing.runsOutOn !== null && runsLow(billing, account.timezone, now)) {
    alerts.push({
      kind: "WALLET_LOW",
      objectType: "WALLET",
      objectId: account.id,
      name: "Wallet",
      detail: `Your wallet runs out around ${formatDay(billing.runsOutOn)}: add funds to keep your ads running`,
    });
  }
  return {
    period,
    ...range,
    currency: account.currency,
    ...figures(totals),
    previous: figures(previous),
    walletBalanceMinor: billing.walletBalanceMinor,
    reservedMicros: billing.reservedMicros,
    runsOutOn: billing.runsOutOn,
    alerts,
  };
}
