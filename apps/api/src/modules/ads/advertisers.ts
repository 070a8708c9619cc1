import { randomUUID } from "node:crypto";
import type { AdCredit, AdCreditRequest, AdInvalidTrafficRow, AdminAdAccount } from "@flipside/contracts/ads";
import { AD_ADMIN_TEXTS, AD_INVALID_REASONS, ADS_MESSAGES } from "@flipside/contracts/ads-constants";
import { and, asc, count, desc, eq, gte, inArray, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { adAccounts, adCampaigns, adClicks, adImpressions, adInvalidEvents } from "../../db/schema/ads.ts";
import { organizations } from "../../db/schema/organizations.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import {
  compileFilter,
  compileSort,
  type FilterSpec,
  parseSearchAnd,
  type SortSpec,
} from "../../lib/search-filter.ts";
import { type AuditActor, recordAudit } from "../admin/index.ts";
import { findWallet, platformAccount, postTransaction, walletAccount } from "../ledger/index.ts";
import { record } from "../outbox/index.ts";
import { checkRange } from "./reports.ts";
import { walletOwner } from "./spend.ts";

/**
 * Flipside staff and advertisers (ADS.md §1.12 Advertisers, Invalid traffic): find them, suspend
 * and reinstate them (serving stops and starts with the next read of campaigns, which the
 * route's invalidation makes immediate on every instance), credit them, and see invalid traffic.
 */

const DAY_MS = 86_400_000;
const ownerName = sql<string>`coalesce(${users.displayName}, ${organizations.name}, '')`;

const ADVERTISERS_FILTER: FilterSpec = {
  fields: {
    name: { column: adAccounts.name, type: "string", ops: ["||"] },
    status: {
      column: adAccounts.status,
      type: "enum",
      values: ["ACTIVE", "SUSPENDED", "CLOSED"],
      ops: ["=="],
    },
  },
};
const ADVERTISERS_SORT: SortSpec = {
  fields: {
    name: sql`lower(${adAccounts.name})`,
    createdAt: adAccounts.createdAt,
    status: adAccounts.status,
    id: adAccounts.id,
  },
};

async function accountRow(db: Db, id: string, lock = false) {
  const query = db.select().from(adAccounts).where(eq(adAccounts.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(ADS_MESSAGES.accountNotFound);
  return row;
}

export function createAdvertisersAdmin(db: Db) {
  return {
    async list(query: ListQuery, now: Date): Promise<{ items: AdminAdAccount[]; total: number }> {
      const where = compileFilter(parseSearchAnd(query.searchAnd, ADVERTISERS_FILTER), ADVERTISERS_FILTER);
      const orderBy = compileSort(query.sort, ADVERTISERS_SORT, ["name,asc", "id,asc"]);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ account: adAccounts, ownerName })
          .from(adAccounts)
          .leftJoin(users, eq(users.id, adAccounts.userId))
          .leftJoin(organizations, eq(organizations.id, adAccounts.organizationId))
          .where(where)
          .orderBy(...orderBy)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ n: count() }).from(adAccounts).where(where),
      ]);
      const ids = rows.map((r) => r.account.id);
      const since = new Date(now.getTime() - 30 * DAY_MS);
      const spent = (table: typeof adImpressions | typeof adClicks) =>
        ids.length === 0
          ? Promise.resolve([])
          : db
              .select({ id: table.adAccountId, micros: sum(table.priceMicros).mapWith(Number) })
              .from(table)
              .where(and(inArray(table.adAccountId, ids), eq(table.billed, true), gte(table.at, since)))
              .groupBy(table.adAccountId);
      const [shown, clicked, campaigns] = await Promise.all([
        spent(adImpressions),
        spent(adClicks),
        ids.length === 0
          ? []
          : db
              .select({ id: adCampaigns.adAccountId, n: count() })
              .from(adCampaigns)
              .where(and(inArray(adCampaigns.adAccountId, ids), sql`${adCampaigns.status} <> 'ARCHIVED'`))
              .groupBy(adCampaigns.adAccountId),
      ]);
      const total = (list: { id: string; micros: number }[], id: string) =>
        list.find((r) => r.id === id)?.micros ?? 0;
      return {
        items: rows.map(({ account: a, ownerName: owner }) => ({
          id: a.id,
          name: a.name,
          ownerKind: a.ownerKind,
          ownerName: owner,
          status: a.status,
          suspensionReason: a.status === "SUSPENDED" ? a.suspensionReason : null,
          suspendedAt: a.status === "SUSPENDED" ? (a.suspendedAt?.toISOString() ?? null) : null,
          currency: a.currency,
          spend30DaysMicros: total(shown, a.id) + total(clicked, a.id),
          campaigns: campaigns.find((c) => c.id === a.id)?.n ?? 0,
          createdAt: a.createdAt.toISOString(),
        })),
        total: counted?.n ?? 0,
      };
    },

    /** Stops the account's ads and its changes; the reason is shown to the advertiser. */
    async suspend(admin: NonNullable<AuditActor>, id: string, reason: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const account = await accountRow(tx, id, true);
        if (account.status === "SUSPENDED") throw conflict(AD_ADMIN_TEXTS.alreadySuspended);
        if (account.status === "CLOSED") throw conflict(ADS_MESSAGES.accountClosed);
        await tx
          .update(adAccounts)
          .set({ status: "SUSPENDED", suspensionReason: reason, suspendedAt: now, suspendedBy: admin.id })
          .where(eq(adAccounts.id, id));
        await recordAudit(tx, {
          actor: admin,
          action: "ads.account.suspend",
          targetKind: "ad_account",
          targetId: id,
          targetLabel: account.name,
          reason,
        });
        await record(tx, "ads.notice", {
          event: "ACCOUNT_SUSPENDED",
          adAccountId: id,
          objectId: id,
          objectName: account.name,
          detail: reason,
        });
      });
    },

    async reinstate(admin: NonNullable<AuditActor>, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const account = await accountRow(tx, id, true);
        if (account.status !== "SUSPENDED") throw conflict(AD_ADMIN_TEXTS.notSuspended);
        await tx
          .update(adAccounts)
          .set({ status: "ACTIVE", suspensionReason: null, suspendedAt: null, suspendedBy: null })
          .where(eq(adAccounts.id, id));
        await recordAudit(tx, {
          actor: admin,
          action: "ads.account.reinstate",
          targetKind: "ad_account",
          targetId: id,
          targetLabel: account.name,
        });
      });
    },

    /**
     * An ad credit (AD_CREDIT) from `platform:ad_credits` into the wallet that pays the account;
     * give the idempotent call's transaction. The reference names the ad account, so its spend
     * lines can show it.
     */
    async credit(
      tx: Db,
      admin: NonNullable<AuditActor>,
      id: string,
      req: AdCreditRequest,
    ): Promise<AdCredit> {
      const account = await accountRow(tx, id);
      const owner = walletOwner(account);
      // The person or organisation is gone (deleted): there is no wallet to pay into.
      if (!owner) throw conflict("This advertiser's owner no longer exists: there is no wallet to credit.");
      const [wallet, source] = await Promise.all([
        walletAccount(tx, owner, account.currency),
        platformAccount(tx, "AD_CREDITS", account.currency),
      ]);
      const { id: transactionId } = await postTransaction(tx, {
        kind: "AD_CREDIT",
        currency: account.currency,
        description: "Ad credit from Flipside",
        memo: req.reason,
        reference: adCreditReference(account.id),
        actorId: admin.id,
        postings: [
          { accountId: source.id, amount: -req.amountMinor },
          { accountId: wallet.id, amount: req.amountMinor },
        ],
      });
      await recordAudit(tx, {
        actor: admin,
        action: "ads.account.credit",
        targetKind: "ad_account",
        targetId: account.id,
        targetLabel: account.name,
        reason: req.reason,
        details: { amountMinor: req.amountMinor, currency: account.currency, transactionId },
      });
      const after = await findWallet(tx, owner, account.currency);
      return {
        transactionId,
        adAccountId: account.id,
        amountMinor: req.amountMinor,
        currency: account.currency,
        walletBalanceMinor: after?.balance ?? 0,
      };
    },

    /** Invalid events by UTC day and reason, newest day first. */
    async invalidTraffic(from: string, to: string): Promise<AdInvalidTrafficRow[]> {
      checkRange(from, to);
      const day = sql<string>`to_char(${adInvalidEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({
          day,
          reason: adInvalidEvents.reason,
          impressions: sql<number>`count(*) filter (where ${adInvalidEvents.event} = 'IMPRESSION')::int`,
          clicks: sql<number>`count(*) filter (where ${adInvalidEvents.event} = 'CLICK')::int`,
        })
        .from(adInvalidEvents)
        .where(
          and(
            sql`${adInvalidEvents.at} >= ${from}::date::timestamp at time zone 'UTC'`,
            sql`${adInvalidEvents.at} < (${to}::date + 1)::timestamp at time zone 'UTC'`,
          ),
        )
        .groupBy(sql`1`, adInvalidEvents.reason)
        .orderBy(desc(sql`1`), asc(adInvalidEvents.reason));
      return rows.flatMap((r) => {
        const reason = AD_INVALID_REASONS.find((x) => x === r.reason);
        return reason ? [{ day: r.day, reason, impressions: r.impressions, clicks: r.clicks }] : [];
      });
    },
  };
}

/** The ledger reference of an ad credit: unique per credit, and saying which ad account it was for. */
const adCreditReference = (adAccountId: string) => `ads:${adAccountId}:${randomUUID()}`;
