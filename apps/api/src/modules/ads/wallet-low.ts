import { formatDay } from "@flipside/contracts/ads-constants";
import { and, eq, exists, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAccounts, adCampaigns } from "../../db/schema/ads.ts";
import { record } from "../outbox/index.ts";
import { moneyOf, runsLow } from "./billing.ts";
import { localTime } from "./delivery.ts";

/**
 * Tells the people of each account with running campaigns whose wallet, at the last 7 days'
 * spend, runs out within AD_WALLET_LOW_DAYS (ADS.md §5 "wallet low"): at most once a local day,
 * the day marked in the same transaction as the notice. Answers how many were told.
 */
export async function noticeLowWallets(db: Db, now: Date): Promise<number> {
  const candidates = await db
    .select()
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.status, "ACTIVE"),
        exists(
          db
            .select({ one: sql`1` })
            .from(adCampaigns)
            .where(and(eq(adCampaigns.adAccountId, adAccounts.id), eq(adCampaigns.status, "ACTIVE"))),
        ),
      ),
    );
  let told = 0;
  for (const account of candidates) {
    const today = localTime(now, account.timezone).date;
    if (account.walletLowNotifiedOn === today) continue;
    const money = await moneyOf(db, account, now);
    const runsOut = money.runsOutOn;
    if (runsOut === null || !runsLow(money, account.timezone, now)) continue;
    await db.transaction(async (tx) => {
      // Whoever marks the day tells; another instance's run the same minute finds it marked.
      const [marked] = await tx
        .update(adAccounts)
        .set({ walletLowNotifiedOn: today })
        .where(
          and(
            eq(adAccounts.id, account.id),
            or(isNull(adAccounts.walletLowNotifiedOn), ne(adAccounts.walletLowNotifiedOn, today)),
          ),
        )
        .returning({ id: adAccounts.id });
      if (!marked) return;
      await record(tx, "ads.notice", {
        event: "WALLET_LOW",
        adAccountId: account.id,
        objectId: account.id,
        objectName: account.name,
        detail: formatDay(runsOut),
      });
      told++;
    });
  }
  return told;
}
