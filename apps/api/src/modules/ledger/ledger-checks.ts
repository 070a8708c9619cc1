import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/money.ts";

export interface LedgerCheck {
  transactions: number;
  entries: number;
  /** The sum of every entry: zero in a ledger that holds. */
  total: number;
  /** Transactions whose entries do not sum to zero, or that have fewer than two. */
  unbalanced: { transactionId: string; sum: number; entries: number }[];
  /** Accounts whose cached balance differs from the sum of their entries. */
  mismatched: { accountId: string; balance: number; entries: number }[];
  ok: boolean;
}

/**
 * The ledger's invariants (decision 033): every transaction sums to zero, every cached balance
 * equals its entries, everything sums to zero. The database refuses the first at commit; this
 * proves all of them over what is stored, for the tests and `npm run ledger -- check`.
 */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const [totals] = await db
    .select({
      entries: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerEntries);
  const [transactions] = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
  const unbalanced = await db
    .select({
      transactionId: ledgerTransactions.id,
      sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number),
      entries: sql<number>`count(${ledgerEntries.id})::int`,
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`coalesce(sum(${ledgerEntries.amount}), 0) <> 0 or count(${ledgerEntries.id}) < 2`);
  const mismatched = await db
    .select({
      accountId: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      entries: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balance} <> coalesce(sum(${ledgerEntries.amount}), 0)`);
  const total = totals?.total ?? 0;
  return {
    transactions: transactions?.n ?? 0,
    entries: totals?.entries ?? 0,
    total,
    unbalanced,
    mismatched,
    ok: total === 0 && unbalanced.length === 0 && mismatched.length === 0,
  };
}

export interface TrialBalanceRow {
  kind: string;
  currency: string;
  accounts: number;
  balance: number;
}

/** Balances by kind of account and currency; the rows of one currency sum to zero. */
export async function trialBalance(db: Db): Promise<TrialBalanceRow[]> {
  return db
    .select({
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      accounts: sql<number>`count(*)::int`,
      balance: sql<number>`sum(${ledgerAccounts.balance})::bigint`.mapWith(Number),
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.kind, ledgerAccounts.currency)
    .orderBy(ledgerAccounts.currency, ledgerAccounts.kind);
}

/** Recomputes every cached balance from the entries; answers how many were wrong. */
export async function rebuildBalances(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const fixed = await tx
      .update(ledgerAccounts)
      .set({
        balance: sql`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.accountId} = ${ledgerAccounts.id})`,
      })
      .where(
        sql`${ledgerAccounts.balance} <> (select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.accountId} = ${ledgerAccounts.id})`,
      )
      .returning({ id: ledgerAccounts.id });
    return fixed.length;
  });
}
