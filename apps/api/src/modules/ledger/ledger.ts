import {
  type LedgerAccountKind,
  type LedgerTransactionKind,
  MONEY_MESSAGES,
  type WalletOwnerKind,
} from "@flipside/contracts/money-constants";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/money.ts";
import { conflict } from "../../lib/errors.ts";
import { record } from "../outbox/index.ts";

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

export interface Posting {
  accountId: string;
  /** Received (positive) or given (negative), in minor units. */
  amount: number;
}

export interface TransactionInput {
  kind: LedgerTransactionKind;
  currency: string;
  description: string;
  memo?: string;
  reference?: string;
  reversesId?: string;
  actorId?: string | null;
  postings: readonly Posting[];
}

export interface WalletOwnerRef {
  kind: WalletOwnerKind;
  id: string;
}

/** "user:<id>" or "organization:<id>": whose wallet an account is (also the provider's customer key). */
export const walletOwnerKey = (owner: WalletOwnerRef) =>
  `${owner.kind === "USER" ? "user" : "organization"}:${owner.id}`;

async function accountOf(db: Db, ownerKey: string, currency: string): Promise<LedgerAccount | null> {
  const [account] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKey, ownerKey), eq(ledgerAccounts.currency, currency)));
  return account ?? null;
}

async function madeAccount(db: Db, ownerKey: string, currency: string): Promise<LedgerAccount> {
  const account = await accountOf(db, ownerKey, currency);
  if (!account) throw new Error(`ledger account ${ownerKey} ${currency} missing right after it was made`);
  return account;
}

/** The wallet of a person or an organisation, made on first use. */
export async function walletAccount(db: Db, owner: WalletOwnerRef, currency: string): Promise<LedgerAccount> {
  const key = walletOwnerKey(owner);
  await db
    .insert(ledgerAccounts)
    .values({
      kind: "WALLET",
      ownerKey: key,
      userId: owner.kind === "USER" ? owner.id : null,
      organizationId: owner.kind === "ORGANIZATION" ? owner.id : null,
      currency,
    })
    .onConflictDoNothing();
  return madeAccount(db, key, currency);
}

/** A wallet as it stands, or null when its owner never had one (a balance of zero). */
export async function findWallet(
  db: Db,
  owner: WalletOwnerRef,
  currency: string,
): Promise<LedgerAccount | null> {
  return accountOf(db, walletOwnerKey(owner), currency);
}

/** One of the platform's own accounts (revenue, the provider's clearing account…), made on first use. */
export async function platformAccount(
  db: Db,
  kind: Exclude<LedgerAccountKind, "WALLET" | "AD_HOLD">,
  currency: string,
): Promise<LedgerAccount> {
  await db.insert(ledgerAccounts).values({ kind, ownerKey: kind, currency }).onConflictDoNothing();
  return madeAccount(db, kind, currency);
}

/** A running ad campaign's reserve (ADS.md §3.10, `ads_hold:<campaign>`), made on first use. */
export async function adHoldAccount(db: Db, campaignId: string, currency: string): Promise<LedgerAccount> {
  const key = `ads_hold:${campaignId}`;
  await db.insert(ledgerAccounts).values({ kind: "AD_HOLD", ownerKey: key, currency }).onConflictDoNothing();
  return madeAccount(db, key, currency);
}

/**
 * Posts one transaction (decision 033): the postings must sum to zero. The accounts are locked in
 * id order (two transfers between the same wallets never deadlock), so a wallet's balance is read
 * and written by one transaction at a time; a wallet that would go below zero refuses the whole
 * transaction with a 409. Give the caller's transaction: this writes several rows.
 */
export async function postTransaction(tx: Db, input: TransactionInput): Promise<{ id: string }> {
  const byAccount = new Map<string, number>();
  for (const { accountId, amount } of input.postings) {
    if (!Number.isSafeInteger(amount)) throw new Error(`ledger amounts are whole minor units, got ${amount}`);
    byAccount.set(accountId, (byAccount.get(accountId) ?? 0) + amount);
  }
  for (const [accountId, amount] of byAccount) if (amount === 0) byAccount.delete(accountId);
  const sum = [...byAccount.values()].reduce((a, b) => a + b, 0);
  if (sum !== 0 || byAccount.size < 2) {
    throw new Error(`a ledger transaction needs two or more postings summing to zero (sum ${sum})`);
  }
  const ids = [...byAccount.keys()].sort();
  const accounts = await tx
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
      currency: ledgerAccounts.currency,
      userId: ledgerAccounts.userId,
      organizationId: ledgerAccounts.organizationId,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for("update");
  if (accounts.length !== ids.length)
    throw new Error("a ledger posting names an account that does not exist");
  for (const account of accounts) {
    if (account.currency !== input.currency) {
      throw new Error(
        `account ${account.id} is in ${account.currency}, the transaction in ${input.currency}`,
      );
    }
    const after = account.balance + (byAccount.get(account.id) ?? 0);
    if (account.kind === "WALLET" && after < 0) throw conflict(MONEY_MESSAGES.insufficientFunds);
  }
  const [transaction] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      currency: input.currency,
      description: input.description,
      memo: input.memo ?? "",
      reference: input.reference ?? null,
      reversesId: input.reversesId ?? null,
      actorId: input.actorId ?? null,
    })
    .returning({ id: ledgerTransactions.id });
  if (!transaction) throw new Error("ledger transaction not written");
  await tx.insert(ledgerEntries).values(
    ids.map((accountId) => ({
      transactionId: transaction.id,
      accountId,
      amount: byAccount.get(accountId) ?? 0,
    })),
  );
  const deltas = sql.join(
    ids.map((accountId) => sql`when ${accountId}::uuid then ${byAccount.get(accountId) ?? 0}::bigint`),
    sql` `,
  );
  await tx
    .update(ledgerAccounts)
    .set({ balance: sql`${ledgerAccounts.balance} + case ${ledgerAccounts.id} ${deltas} end` })
    .where(inArray(ledgerAccounts.id, ids));
  // Whatever waits for money (a campaign out of reserve) hears of it once this commits.
  for (const account of accounts) {
    if (account.kind === "WALLET" && (byAccount.get(account.id) ?? 0) > 0) {
      await record(tx, "wallet.credited", {
        userId: account.userId,
        organizationId: account.organizationId,
        currency: account.currency,
      });
    }
  }
  return transaction;
}

/** A transaction already posted for this outside reference (a provider's session or event). */
export async function findByReference(
  db: Db,
  kind: LedgerTransactionKind,
  reference: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.reference, reference)));
  return row ?? null;
}
