import {
  AD_SPEND_KIND_LABELS,
  AD_SPEND_KINDS,
  AD_STATEMENT_PREFIX,
  AD_WALLET_LOW_DAYS,
  type AdBilling,
  type AdSpendLine,
  type AdStatement,
  microsPerMinor,
} from "@flipside/contracts/ads";
import { minorToDecimal } from "@flipside/contracts/money-constants";
import { and, asc, count, desc, eq, gte, inArray, type SQL, sql, sum } from "drizzle-orm";
import { type PgSelect, unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import {
  adAccounts,
  adCampaigns,
  adClicks,
  adImpressions,
  adStatementCounters,
  adStatements,
} from "../../db/schema/ads.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/money.ts";
import { csvFile } from "../../lib/csv.ts";
import { notFound } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { compileFilter, type FilterSpec, parseSearchAnd } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { findWallet } from "../ledger/index.ts";
import { type AdAccountRow, requireAdAccount } from "./access.ts";
import { localTime } from "./delivery.ts";
import { accountFilter } from "./lists.ts";
import { walletOwner } from "./spend.ts";

/**
 * What an advertiser pays (ADS.md §1.10, §2.3 Billing, §3.10): the wallet and reserves, the spend
 * lines (the ledger's transactions on the account's campaign reserves, never a second record of
 * them) and monthly statements of what was charged, issued early on the 1st in the account's zone.
 */

const DAY_MS = 86_400_000;
/** A statement is issued this long after its month ends: a charge committed at midnight is in. */
const ISSUE_GRACE_MS = 3_600_000;
const STATEMENT_NOT_FOUND = "There is no such statement.";
/** The ledger's kinds on campaign reserves (the admins' AD_CREDITs go to the wallet: `creditsOf`). */
const LEDGER_SPEND_KINDS = ["AD_HOLD", "AD_RELEASE", "AD_SPEND"] as const;

/** A campaign's reserve account (`ads_hold:<campaign>`, ledger.ts's adHoldAccount). */
const holdOf = sql`'ads_hold:' || ${adCampaigns.id}::text`;
const localDay = (zone: string) =>
  sql<string>`to_char(${ledgerTransactions.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;

function spendSpec(zone: string): FilterSpec {
  return {
    fields: {
      adAccountId: { column: adCampaigns.adAccountId, type: "uuid", ops: ["=="] },
      campaignId: { column: adCampaigns.id, type: "uuid", ops: ["=="] },
      kind: { column: ledgerTransactions.kind, type: "enum", values: AD_SPEND_KINDS, ops: ["=="] },
      // The day in the account's zone, as the midnight (UTC) the filter's date parses to.
      date: {
        column: sql`((${ledgerTransactions.createdAt} at time zone ${zone})::date)::timestamp at time zone 'UTC'`,
        type: "date",
        ops: [">=", "<="],
      },
    },
  };
}

/** Ad credits (AD_CREDIT) name their ad account in the ledger reference: `ads:<account>:<uuid>`. */
const creditAccount = sql`split_part(${ledgerTransactions.reference}, ':', 2)`;

/** The same filter over ad credits, which belong to no campaign (`campaignId==` never matches one). */
function creditSpec(zone: string): FilterSpec {
  const spec = spendSpec(zone);
  return {
    fields: {
      ...spec.fields,
      adAccountId: { column: sql`${creditAccount}::uuid`, type: "uuid", ops: ["=="] },
      campaignId: { column: sql`null::uuid`, type: "uuid", ops: ["=="] },
    },
  };
}

/** The account's ad credits: each the wallet's entry of an AD_CREDIT transaction for it. */
function creditsOf<T extends PgSelect>(query: T, account: AdAccountRow, where?: SQL) {
  return query
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.id, ledgerEntries.accountId), eq(ledgerAccounts.kind, "WALLET")),
    )
    .where(
      and(
        eq(ledgerTransactions.kind, "AD_CREDIT"),
        sql`${ledgerTransactions.reference} like ${`ads:${account.id}:%`}`,
        where,
      ),
    );
}

/**
 * Narrows a select from `adCampaigns` to the account's spend lines: one ledger entry on one of
 * its campaigns' reserves each, and `where`.
 */
function spendOf<T extends PgSelect>(query: T, account: AdAccountRow, where?: SQL) {
  return query
    .innerJoin(
      ledgerAccounts,
      and(eq(ledgerAccounts.ownerKey, holdOf), eq(ledgerAccounts.currency, account.currency)),
    )
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(adCampaigns.adAccountId, account.id),
        inArray(ledgerTransactions.kind, [...LEDGER_SPEND_KINDS]),
        where,
      ),
    );
}

const lineFields = (zone: string) => ({
  id: ledgerTransactions.id,
  at: ledgerTransactions.createdAt,
  date: localDay(zone).as("date"),
  kind: ledgerTransactions.kind,
  amount: ledgerEntries.amount,
  campaignId: sql<string | null>`${adCampaigns.id}`.as("campaign_id"),
  campaignName: sql<string | null>`${adCampaigns.name}`.as("campaign_name"),
});
const creditFields = (zone: string) => ({
  id: ledgerTransactions.id,
  at: ledgerTransactions.createdAt,
  date: localDay(zone).as("date"),
  kind: ledgerTransactions.kind,
  amount: ledgerEntries.amount,
  campaignId: sql<string | null>`null::uuid`.as("campaign_id"),
  campaignName: sql<string | null>`null::text`.as("campaign_name"),
});

/** Every spend line of the account matching the filters: its campaigns' reserves, and its credits. */
function linesOf(db: Db, account: AdAccountRow, where: { lines?: SQL; credits?: SQL }) {
  const zone = account.timezone;
  return unionAll(
    spendOf(db.select(lineFields(zone)).from(adCampaigns).$dynamic(), account, where.lines),
    creditsOf(db.select(creditFields(zone)).from(ledgerTransactions).$dynamic(), account, where.credits),
  ).$dynamic();
}

function presentLine(
  row: {
    id: string;
    at: Date;
    date: string;
    kind: string;
    amount: number;
    campaignId: string | null;
    campaignName: string | null;
  },
  currency: string,
): AdSpendLine {
  return {
    id: row.id,
    date: row.date,
    at: row.at.toISOString(),
    campaignId: row.campaignId,
    campaignName: row.campaignName,
    kind: AD_SPEND_KINDS.find((k) => k === row.kind) ?? "AD_SPEND",
    amountMinor: Math.abs(row.amount),
    currency,
    ledgerTransactionId: row.id,
  };
}

/** The spend lines the viewer may read, with the account's zone applied to `date` filters. */
async function spendFilter(db: Db, viewer: Viewer, searchAnd: string | undefined) {
  const { access } = await accountFilter(db, viewer, searchAnd, spendSpec("UTC"));
  const zone = access.account.timezone;
  const compiled = (spec: FilterSpec) => compileFilter(parseSearchAnd(searchAnd, spec), spec);
  return {
    account: access.account,
    where: { lines: compiled(spendSpec(zone)), credits: compiled(creditSpec(zone)) },
  };
}

export async function listSpend(db: Db, viewer: Viewer, q: ListQuery) {
  const { account, where } = await spendFilter(db, viewer, q.searchAnd);
  const lines = linesOf(db, account, where).as("lines");
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(lines)
      .orderBy(desc(lines.at), desc(lines.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(lines),
  ]);
  return { items: rows.map((r) => presentLine(r, account.currency)), total: counted?.n ?? 0 };
}

const AD_SPEND_CSV_HEADER = ["Date", "Campaign", "Type", "Amount", "Currency", "Transaction"];

/** Every matching line, oldest first, as the CSV the screen exports. */
export async function spendCsv(db: Db, viewer: Viewer, searchAnd: string | undefined) {
  const { account, where } = await spendFilter(db, viewer, searchAnd);
  const all = linesOf(db, account, where).as("lines");
  const rows = await db.select().from(all).orderBy(asc(all.at), asc(all.id));
  const cells = rows.map((row) => {
    const line = presentLine(row, account.currency);
    return [
      line.date,
      line.campaignName ?? "",
      AD_SPEND_KIND_LABELS[line.kind],
      minorToDecimal(line.amountMinor, line.currency),
      line.currency,
      line.ledgerTransactionId,
    ];
  });
  return {
    filename: `flipside-ad-spend-${account.id.slice(0, 8)}.csv`,
    text: csvFile([AD_SPEND_CSV_HEADER, ...cells]),
  };
}

/** The first instant of the month holding `now` in `zone` (the database knows the zones' rules). */
const monthStart = (now: Date, zone: string) =>
  sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${zone}) at time zone ${zone}`;

/** What was billed (events, settled or not) for the account's campaigns since `since`. */
async function billedSince(db: Db, accountId: string, since: SQL | Date): Promise<number> {
  const totals = await Promise.all(
    [adImpressions, adClicks].map((table) =>
      db
        .select({ micros: sum(table.priceMicros).mapWith(Number) })
        .from(table)
        .innerJoin(adCampaigns, eq(adCampaigns.id, table.campaignId))
        .where(
          and(
            eq(adCampaigns.adAccountId, accountId),
            eq(table.billed, true),
            since instanceof Date ? gte(table.at, since) : sql`${table.at} >= ${since}`,
          ),
        ),
    ),
  );
  return totals.reduce((total, [row]) => total + (row?.micros ?? 0), 0);
}

export async function accountBilling(db: Db, viewer: Viewer, id: string, now: Date): Promise<AdBilling> {
  const { account, role } = await requireAdAccount(db, viewer, id, "read");
  // An organisation's wallet is its OWNERs' and ADMINs' to see (the wallet's own rule).
  return moneyOf(db, account, now, role !== "MEMBER");
}

/** An account's money now; without `showWallet`, the wallet's balance is null (and no runway). */
export async function moneyOf(
  db: Db,
  account: AdAccountRow,
  now: Date,
  showWallet = true,
): Promise<AdBilling> {
  const owner = showWallet ? walletOwner(account) : null;
  const m = microsPerMinor(account.currency);
  const [wallet, [reserved], thisMonth, lastWeek] = await Promise.all([
    owner ? findWallet(db, owner, account.currency) : null,
    db
      .select({ micros: sum(adCampaigns.holdRemainingMicros).mapWith(Number) })
      .from(adCampaigns)
      .where(eq(adCampaigns.adAccountId, account.id)),
    billedSince(db, account.id, monthStart(now, account.timezone)),
    billedSince(db, account.id, new Date(now.getTime() - 7 * DAY_MS)),
  ]);
  const walletBalanceMinor = owner ? (wallet?.balance ?? 0) : null;
  const reservedMicros = reserved?.micros ?? 0;
  const averageDailySpendMicros = Math.round(lastWeek / 7);
  const days = Math.floor(
    ((walletBalanceMinor ?? 0) * m + reservedMicros) / Math.max(1, averageDailySpendMicros),
  );
  return {
    currency: account.currency,
    walletBalanceMinor,
    reservedMicros,
    spentThisMonthMicros: thisMonth,
    averageDailySpendMicros,
    runsOutOn:
      averageDailySpendMicros > 0 && walletBalanceMinor !== null
        ? localTime(new Date(now.getTime() + days * DAY_MS), account.timezone).date
        : null,
  };
}

/**
 * Whether the wallet and reserves, at the last 7 days' spend, run out within AD_WALLET_LOW_DAYS
 * (the dashboard's alert and the "wallet low" notice).
 */
export function runsLow(money: AdBilling, timezone: string, now: Date): boolean {
  const lowBy = localTime(new Date(now.getTime() + AD_WALLET_LOW_DAYS * DAY_MS), timezone).date;
  return money.walletBalanceMinor !== null && money.runsOutOn !== null && money.runsOutOn <= lowBy;
}

/** What the account's campaigns were charged (AD_SPEND), by month of its zone. */
function chargedByMonth(db: Db, account: AdAccountRow) {
  const month = sql<string>`to_char(${ledgerTransactions.createdAt} at time zone ${account.timezone}, 'YYYY-MM')`;
  const charged = sql<number>`-sum(${ledgerEntries.amount})`.mapWith(Number);
  const spend = eq(ledgerTransactions.kind, "AD_SPEND");
  return {
    // Grouped by the first column: the zone is a parameter, and two parameters are never one
    // expression to PostgreSQL.
    months: () =>
      spendOf(
        db.select({ period: month, minor: charged }).from(adCampaigns).$dynamic(),
        account,
        spend,
      ).groupBy(sql`1`),
    /** Per campaign within one month, for its statement. */
    campaigns: (period: string) =>
      spendOf(
        db.select({ name: adCampaigns.name, minor: charged }).from(adCampaigns).$dynamic(),
        account,
        and(spend, sql`${month} = ${period}`),
      )
        .groupBy(adCampaigns.id, adCampaigns.name)
        .orderBy(asc(sql`lower(${adCampaigns.name})`)),
  };
}

/** Takes the next statement number of a year; a rollback gives it back (gapless). */
async function nextNumber(tx: Db, year: number): Promise<string> {
  const [row] = await tx
    .insert(adStatementCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: adStatementCounters.year,
      set: { last: sql`${adStatementCounters.last} + 1` },
    })
    .returning({ last: adStatementCounters.last });
  if (!row) throw new Error("statement counter not written");
  return `${AD_STATEMENT_PREFIX}-${year}-${String(row.last).padStart(6, "0")}`;
}

/**
 * Brings an account's statements up to date: one per month with charges; the running month OPEN
 * with its total so far; every earlier one issued (numbered, frozen) once its month ended an hour
 * ago. Issuing happens at most once per statement, whichever instance or request gets there first.
 */
export async function syncStatements(db: Db, account: AdAccountRow, now: Date): Promise<void> {
  const year = Number(localTime(now, account.timezone).date.slice(0, 4));
  const settledMonth = localTime(new Date(now.getTime() - ISSUE_GRACE_MS), account.timezone).date.slice(0, 7);
  const [months, stored] = await Promise.all([
    chargedByMonth(db, account).months(),
    db
      .select({
        period: adStatements.period,
        status: adStatements.status,
        totalMinor: adStatements.totalMinor,
      })
      .from(adStatements)
      .where(eq(adStatements.adAccountId, account.id)),
  ]);
  const known = new Map(stored.map((s) => [s.period, s]));
  for (const { period, minor } of months.sort((a, b) => a.period.localeCompare(b.period))) {
    const statement = known.get(period);
    const due = period < settledMonth;
    // Most looks change nothing: an issued month, or the running one with the same total so far.
    if (statement?.status === "ISSUED" || (!due && statement?.totalMinor === minor)) continue;
    await db.transaction(async (tx) => {
      await tx
        .insert(adStatements)
        .values({ adAccountId: account.id, period, currency: account.currency, totalMinor: minor })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(adStatements)
        .where(and(eq(adStatements.adAccountId, account.id), eq(adStatements.period, period)))
        .for("update");
      if (!row || row.status === "ISSUED") return;
      if (!due) {
        if (row.totalMinor !== minor)
          await tx.update(adStatements).set({ totalMinor: minor }).where(eq(adStatements.id, row.id));
        return;
      }
      await tx
        .update(adStatements)
        .set({
          status: "ISSUED",
          totalMinor: minor,
          number: await nextNumber(tx, year),
          issuedAt: now,
        })
        .where(eq(adStatements.id, row.id));
    });
  }
}

/** Issues what is due on every account with charges (the periodic job, one across instances). */
export async function issueDueStatements(db: Db, now: Date): Promise<void> {
  const accounts = await db
    .select()
    .from(adAccounts)
    .where(
      sql`exists (select 1 from ${adCampaigns} where ${adCampaigns.adAccountId} = ${adAccounts.id} and ${adCampaigns.settledMinor} > 0)`,
    );
  for (const account of accounts) await syncStatements(db, account, now);
}

const presentStatement = (row: typeof adStatements.$inferSelect): AdStatement => ({
  id: row.id,
  period: row.period,
  periodType: "MONTH",
  status: row.status,
  number: row.number,
  totalMinor: row.totalMinor,
  currency: row.currency,
  issuedAt: row.issuedAt?.toISOString() ?? null,
});

const STATEMENTS_SPEC: FilterSpec = {
  fields: { adAccountId: { column: adStatements.adAccountId, type: "uuid", ops: ["=="] } },
};

/** The account's statements, newest month first (brought up to date first). */
export async function listStatements(db: Db, viewer: Viewer, q: ListQuery, now: Date) {
  const { access, where } = await accountFilter(db, viewer, q.searchAnd, STATEMENTS_SPEC);
  await syncStatements(db, access.account, now);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(adStatements)
      .where(where)
      .orderBy(desc(adStatements.period))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(adStatements).where(where),
  ]);
  return { items: rows.map(presentStatement), total: counted?.n ?? 0 };
}

/** One statement the viewer may read, with its lines per campaign (for the PDF). */
export async function statementWithLines(db: Db, viewer: Viewer, id: string, now: Date) {
  const [found] = await db.select().from(adStatements).where(eq(adStatements.id, id));
  if (!found) throw notFound(STATEMENT_NOT_FOUND);
  const { account } = await requireAdAccount(db, viewer, found.adAccountId, "read", {
    notFound: STATEMENT_NOT_FOUND,
  });
  await syncStatements(db, account, now);
  const [row] = await db.select().from(adStatements).where(eq(adStatements.id, id));
  if (!row) throw notFound(STATEMENT_NOT_FOUND);
  const lines = await chargedByMonth(db, account).campaigns(row.period);
  return { statement: presentStatement(row), account, lines };
}

export type StatementWithLines = Awaited<ReturnType<typeof statementWithLines>>;
