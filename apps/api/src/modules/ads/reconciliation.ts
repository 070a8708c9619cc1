import type { AdReconciliation } from "@flipside/contracts/ads";
import { microsPerMinor } from "@flipside/contracts/ads-constants";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAccounts, adCampaigns, adClicks, adImpressions } from "../../db/schema/ads.ts";
import { ledgerAccounts } from "../../db/schema/money.ts";
import { checkLedger } from "../ledger/index.ts";

/**
 * ADS.md §4.5's invariants over everything stored, per campaign (the admin's reconciliation, and
 * what every money test asserts):
 * 1. every ledger transaction sums to zero; 2. no wallet below zero; 3. spend within the total
 * and the day's budget; 4. what the ledger settled is what was billed, less a carry under one
 * minor unit; and the reserve backs exactly what is left of it and what awaits settlement
 * (nothing, once archived).
 */
export async function reconcile(db: Db): Promise<AdReconciliation> {
  const events = (table: typeof adImpressions | typeof adClicks) =>
    db
      .select({
        campaignId: table.campaignId,
        billedMicros:
          sql<number>`coalesce(sum(${table.priceMicros}) filter (where ${table.billed}), 0)::bigint`.mapWith(
            Number,
          ),
        billed: sql<number>`count(*) filter (where ${table.billed})::int`,
        budget: sql<number>`count(*) filter (where ${table.notBilledReason} = 'BUDGET')::int`,
        self: sql<number>`count(*) filter (where ${table.notBilledReason} = 'SELF')::int`,
      })
      .from(table)
      .groupBy(table.campaignId);
  const [ledger, campaigns, impressions, clicks, holds, negativeWallets] = await Promise.all([
    checkLedger(db),
    db
      .select({ campaign: adCampaigns, currency: adAccounts.currency })
      .from(adCampaigns)
      .innerJoin(adAccounts, eq(adAccounts.id, adCampaigns.adAccountId)),
    events(adImpressions),
    events(adClicks),
    db
      .select({ key: ledgerAccounts.ownerKey, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, "AD_HOLD")),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.kind} = 'WALLET' and ${ledgerAccounts.balance} < 0`),
  ]);
  const holdOf = new Map(holds.map((h) => [h.key, h.balance]));
  const byCampaign = (rows: Awaited<ReturnType<typeof events>>) =>
    new Map(rows.map((r) => [r.campaignId, r]));
  const shown = byCampaign(impressions);
  const clicked = byCampaign(clicks);
  let ok = ledger.ok && (negativeWallets[0]?.n ?? 0) === 0;
  const rows = campaigns
    .filter(({ campaign }) => campaign.status !== "DRAFT" || campaign.spentMicros > 0)
    .map(({ campaign: c, currency }) => {
      const m = microsPerMinor(currency);
      const i = shown.get(c.id);
      const k = clicked.get(c.id);
      const billedMicros = (i?.billedMicros ?? 0) + (k?.billedMicros ?? 0);
      const holdMinor = holdOf.get(`ads_hold:${c.id}`) ?? 0;
      const carryMicros = c.spentMicros - c.settledMinor * m;
      const holds =
        c.status === "ARCHIVED" ? holdMinor === 0 : holdMinor * m === c.holdRemainingMicros + carryMicros;
      const balanced =
        billedMicros === c.spentMicros &&
        c.spentMicros <= c.totalBudgetMicros &&
        (c.dailyBudgetMicros === null || c.spentDayMicros <= c.dailyBudgetMicros) &&
        carryMicros >= 0 &&
        (c.status !== "ARCHIVED" || carryMicros < m) &&
        holds;
      if (!balanced) ok = false;
      return {
        campaignId: c.id,
        billedMicros,
        billedEvents: (i?.billed ?? 0) + (k?.billed ?? 0),
        unbilledEvents: {
          BUDGET: (i?.budget ?? 0) + (k?.budget ?? 0),
          SELF: (i?.self ?? 0) + (k?.self ?? 0),
        },
        spentMicros: c.spentMicros,
        settledMinor: c.settledMinor,
        carryMicros,
        holdMinor,
        holdRemainingMicros: c.holdRemainingMicros,
        totalBudgetMicros: c.totalBudgetMicros,
        ok: balanced,
      };
    });
  return { campaigns: rows, ledgerUnbalancedTransactions: ledger.unbalanced.length, ok };
}
