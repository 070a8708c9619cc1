import type {
  Credit,
  CreditRequest,
  Transfer,
  TransferRequest,
  Wallet,
  WalletLine,
  WalletLinesQuery,
  WalletOwner,
} from "@flipside/contracts/money";
import { MONEY_MESSAGES, minorToDecimal, TRANSACTION_KIND_LABELS } from "@flipside/contracts/money-constants";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { ledgerEntries, ledgerTransactions } from "../../db/schema/money.ts";
import { organizations } from "../../db/schema/organizations.ts";
import { csvFile } from "../../lib/csv.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { type AuditActor, recordAudit } from "../admin/index.ts";
import {
  findWallet,
  type LedgerAccount,
  platformAccount,
  postTransaction,
  type WalletOwnerRef,
  walletAccount,
} from "../ledger/index.ts";
import { MANAGERS, requireRole } from "../organizations/index.ts";

/** The columns of a wallet's CSV export, in order. */
export const WALLET_CSV_HEADER = [
  "Date (UTC)",
  "Type",
  "Description",
  "Amount",
  "Balance",
  "Currency",
  "Transaction",
];

/** Whose wallet the viewer asks for, checked: their own, or an organisation's they manage. */
export async function ownerFor(
  db: Db,
  viewer: Viewer,
  organizationId: string | null | undefined,
): Promise<WalletOwner> {
  if (!organizationId) return { kind: "USER", id: viewer.id, name: viewer.displayName };
  const { organization } = await requireRole(db, organizationId, viewer.id, MANAGERS);
  return { kind: "ORGANIZATION", id: organization.id, name: organization.name };
}

/** Wallets of people and organisations (docs/money.md), on the ledger. */
export function createWalletService(deps: { db: Db; config: Config; paymentsConfigured: () => boolean }) {
  const { db, config } = deps;
  const currency = config.MONEY_CURRENCY;

  function present(owner: WalletOwner, account: LedgerAccount | null): Wallet {
    const { TOP_UP_MIN_MINOR: minimum, TOP_UP_MAX_MINOR: maximum } = config;
    return {
      owner,
      currency,
      balance: account?.balance ?? 0,
      canManage: true,
      topUp: {
        available: deps.paymentsConfigured(),
        minimum,
        maximum,
        presets: config.TOP_UP_PRESETS_MINOR.filter((p) => p >= minimum && p <= maximum),
      },
    };
  }

  /** Lines of one account, newest first, each with the balance right after it. */
  function linesOf(account: LedgerAccount, q: WalletLinesQuery) {
    // The running balance is over every line of the account; the filters apply to the result.
    const running = db
      .select({
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        reverses: ledgerTransactions.reversesId,
        amount: ledgerEntries.amount,
        // Both tables have an id: the subquery's columns need names of their own.
        entryId: sql<number>`${ledgerEntries.id}`.mapWith(Number).as("entry_id"),
        createdAt: ledgerEntries.createdAt,
        balanceAfter: sql<number>`sum(${ledgerEntries.amount}) over (order by ${ledgerEntries.id})`
          .mapWith(Number)
          .as("balance_after"),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerEntries.accountId, account.id))
      .as("running");
    const where: SQL[] = [];
    if (q.kind) where.push(eq(running.kind, q.kind));
    if (q.direction === "IN") where.push(sql`${running.amount} > 0`);
    if (q.direction === "OUT") where.push(sql`${running.amount} < 0`);
    if (q.from) where.push(sql`${running.createdAt} >= ${q.from}::date`);
    if (q.to) where.push(sql`${running.createdAt} < (${q.to}::date + 1)`);
    return { running, where: where.length ? and(...where) : undefined };
  }

  function everyLine(account: LedgerAccount, q: WalletLinesQuery) {
    const { running, where } = linesOf(account, q);
    return db.select().from(running).where(where).orderBy(running.entryId);
  }

  const toLine = (row: {
    id: string;
    kind: WalletLine["kind"];
    description: string;
    reverses: string | null;
    amount: number;
    balanceAfter: number;
    createdAt: Date;
  }): WalletLine => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    createdDate: row.createdAt.toISOString(),
    reverses: row.reverses,
  });

  return {
    currency,

    /** The wallet the viewer names, checked: their own, or an organisation's they manage. */
    owner: (viewer: Viewer, organizationId: string | null | undefined) =>
      ownerFor(db, viewer, organizationId),

    async wallet(viewer: Viewer, organizationId?: string): Promise<Wallet> {
      const owner = await ownerFor(db, viewer, organizationId);
      return present(owner, await findWallet(db, owner, currency));
    },

    async lines(viewer: Viewer, q: WalletLinesQuery): Promise<{ items: WalletLine[]; total: number }> {
      const owner = await ownerFor(db, viewer, q.organizationId);
      const account = await findWallet(db, owner, currency);
      if (!account) return { items: [], total: 0 };
      const { running, where } = linesOf(account, q);
      const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(running).where(where);
      const rows = await db
        .select()
        .from(running)
        .where(where)
        .orderBy(sql`${running.entryId} desc`)
        .limit(q.size)
        .offset(q.page * q.size);
      return { items: rows.map(toLine), total: counted?.n ?? 0 };
    },

    /** Every line the filters match, oldest first, as a CSV file. */
    async csv(viewer: Viewer, q: WalletLinesQuery): Promise<{ filename: string; text: string }> {
      const owner = await ownerFor(db, viewer, q.organizationId);
      const account = await findWallet(db, owner, currency);
      let rows: Awaited<ReturnType<typeof everyLine>> = [];
      if (account) rows = await everyLine(account, q);
      const lines = rows.map((row) => [
        row.createdAt.toISOString().replace("T", " ").slice(0, 19),
        TRANSACTION_KIND_LABELS[row.kind],
        row.description,
        minorToDecimal(row.amount, currency),
        minorToDecimal(row.balanceAfter, currency),
        currency,
        row.id,
      ]);
      const range = [q.from, q.to].filter(Boolean).join("-to-");
      return {
        filename: `flipside-wallet${range ? `-${range}` : ""}.csv`,
        text: csvFile([WALLET_CSV_HEADER, ...lines]),
      };
    },

    /**
     * Moves money between wallets the viewer may spend from: their own and those of organisations
     * they manage. Give the idempotent call's transaction.
     */
    async transfer(tx: Db, viewer: Viewer, req: TransferRequest): Promise<Transfer> {
      if ((req.fromOrganizationId ?? null) === (req.toOrganizationId ?? null)) {
        throw badRequest(MONEY_MESSAGES.sameWallet, [
          { field: "toOrganizationId", message: MONEY_MESSAGES.sameWallet },
        ]);
      }
      const fromOwner = await ownerFor(tx, viewer, req.fromOrganizationId);
      const toOwner = await ownerFor(tx, viewer, req.toOrganizationId);
      const from = await walletAccount(tx, fromOwner, currency);
      const to = await walletAccount(tx, toOwner, currency);
      const { id } = await postTransaction(tx, {
        kind: "TRANSFER",
        currency,
        description: `Transfer from ${fromOwner.name} to ${toOwner.name}`,
        actorId: viewer.id,
        postings: [
          { accountId: from.id, amount: -req.amount },
          { accountId: to.id, amount: req.amount },
        ],
      });
      const [fromAfter, toAfter] = await Promise.all([
        findWallet(tx, fromOwner, currency),
        findWallet(tx, toOwner, currency),
      ]);
      return {
        transactionId: id,
        amount: req.amount,
        from: present(fromOwner, fromAfter),
        to: present(toOwner, toAfter),
      };
    },

    /**
     * An operator's credit (payments not configured, a goodwill gesture): from the platform's
     * operator-credits account, with the reason in the ledger and the audit log.
     */
    async credit(tx: Db, actor: NonNullable<AuditActor>, req: CreditRequest): Promise<Credit> {
      const owner = await namedOwner(tx, { kind: req.ownerKind, id: req.ownerId });
      const wallet = await walletAccount(tx, owner, currency);
      const source = await platformAccount(tx, "OPERATOR_CREDITS", currency);
      const { id } = await postTransaction(tx, {
        kind: "OPERATOR_CREDIT",
        currency,
        description: "Credit from Flipside",
        memo: req.reason,
        actorId: actor.id,
        postings: [
          { accountId: source.id, amount: -req.amount },
          { accountId: wallet.id, amount: req.amount },
        ],
      });
      await recordAudit(tx, {
        actor,
        action: "wallet.credit",
        targetKind: req.ownerKind === "USER" ? "account" : "organization",
        targetId: owner.id,
        targetLabel: owner.name,
        reason: req.reason,
        details: { amount: req.amount, currency, transactionId: id },
      });
      const after = await findWallet(tx, owner, currency);
      return { transactionId: id, owner, amount: req.amount, balance: after?.balance ?? 0 };
    },
  };
}

/** A person or organisation by id with its name, or a 404. */
async function namedOwner(db: Db, ref: WalletOwnerRef): Promise<WalletOwner> {
  if (ref.kind === "USER") {
    const [user] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, ref.id));
    if (!user) throw notFound(MONEY_MESSAGES.walletNotFound);
    return { ...ref, name: user.name };
  }
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ref.id));
  if (!org) throw notFound(MONEY_MESSAGES.walletNotFound);
  return { ...ref, name: org.name };
}

export type WalletService = ReturnType<typeof createWalletService>;
