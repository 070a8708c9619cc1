import { randomUUID } from "node:crypto";
import { MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { auditLog } from "../../db/schema/admin.ts";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../../db/schema/money.ts";
import { organizationMembers, organizations } from "../../db/schema/organizations.ts";
import { runLedgerCommand } from "../../ledger-cli.ts";
import {
  checkLedger,
  platformAccount,
  postTransaction,
  trialBalance,
  walletAccount,
} from "../ledger/index.ts";

let t: TestApp;
let admin: TestUser;
let ada: TestUser;
let ben: TestUser;
let org: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ENABLED: "false", LOG_LEVEL: "error" });
  admin = await createUser(t.app, {
    displayName: "Olga Operator",
    roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN],
  });
  ada = await createUser(t.app, { displayName: "Ada Lovelace" });
  ben = await createUser(t.app, { displayName: "Ben Member" });
  const [row] = await t.app.db
    .insert(organizations)
    .values({ name: "Acme Ltd", slug: "acme-ltd" })
    .returning();
  if (!row) throw new Error("no organisation");
  org = row;
  await t.app.db.insert(organizationMembers).values([
    { organizationId: org.id, userId: ada.id, role: "ADMIN" },
    { organizationId: org.id, userId: ben.id, role: "MEMBER" },
  ]);
});
// Every money test leaves a ledger whose transactions and balances all add up.
afterEach(async () => {
  const check = await checkLedger(t.app.db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true, total: 0, unbalanced: [], mismatched: [] });
});
afterAll(() => t.close());

const money = (user: TestUser | null, method: "GET" | "POST", url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(user?.headers ?? {}), ...(key ? { "idempotency-key": key } : {}) },
    ...(payload ? { payload: { ...payload } } : {}),
  });
const credit = (
  owner: { kind: "USER" | "ORGANIZATION"; id: string },
  amount: number,
  key: string = randomUUID(),
) =>
  money(
    admin,
    "POST",
    "/v1/admin/wallet-credits",
    { ownerKind: owner.kind, ownerId: owner.id, amount, reason: "Welcome credit" },
    key,
  );
const balanceOf = async (user: TestUser, organizationId?: string) =>
  (await money(user, "GET", `/v1/wallet${organizationId ? `?organizationId=${organizationId}` : ""}`)).json()
    .balance;

describe("wallets", () => {
  it("shows a new person's empty wallet, and says payments are not configured", async () => {
    const res = await money(ada, "GET", "/v1/wallet");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({
      owner: { kind: "USER", id: ada.id, name: "Ada Lovelace" },
      currency: "EUR",
      balance: 0,
      canManage: true,
      topUp: { available: false, minimum: 500, maximum: 100_000, presets: [1000, 2500, 5000, 10_000] },
    });
    expect((await money(null, "GET", "/v1/wallet")).statusCode).toBe(401);
    const lines = await money(ada, "GET", "/v1/wallet/transactions");
    expect(lines.json()).toEqual([]);
    expect(lines.headers["x-total-count"]).toBe("0");
  });

  it("lets only an organisation's owners and admins see its wallet", async () => {
    expect((await money(ada, "GET", `/v1/wallet?organizationId=${org.id}`)).json()).toMatchObject({
      owner: { kind: "ORGANIZATION", id: org.id, name: "Acme Ltd" },
      balance: 0,
    });
    expect((await money(ben, "GET", `/v1/wallet?organizationId=${org.id}`)).statusCode).toBe(403);
    expect((await money(admin, "GET", `/v1/wallet?organizationId=${org.id}`)).statusCode).toBe(404);
    expect((await money(ada, "GET", `/v1/wallet?organizationId=${randomUUID()}`)).statusCode).toBe(404);
    expect((await money(ben, "GET", `/v1/wallet/transactions?organizationId=${org.id}`)).statusCode).toBe(
      403,
    );
  });
});

describe("an operator's credit", () => {
  it("is for admins only, needs a key and a reason, and is recorded in the ledger and the audit log", async () => {
    const body = { ownerKind: "USER", ownerId: ada.id, amount: 5000, reason: "Payments are not set up yet" };
    for (const user of [null, ada]) {
      expect((await money(user, "POST", "/v1/admin/wallet-credits", body, randomUUID())).statusCode).toBe(
        404,
      );
    }
    const noKey = await money(admin, "POST", "/v1/admin/wallet-credits", body);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().detail).toBe(MONEY_MESSAGES.keyRequired);
    const noReason = await money(
      admin,
      "POST",
      "/v1/admin/wallet-credits",
      { ...body, reason: "  " },
      randomUUID(),
    );
    expect(noReason.statusCode).toBe(400);
    for (const amount of [0, -5, 12.5]) {
      expect(
        (await money(admin, "POST", "/v1/admin/wallet-credits", { ...body, amount }, randomUUID()))
          .statusCode,
      ).toBe(400);
    }
    const nobody = await money(
      admin,
      "POST",
      "/v1/admin/wallet-credits",
      { ...body, ownerId: randomUUID() },
      randomUUID(),
    );
    expect(nobody.statusCode).toBe(404);
    expect(await balanceOf(ada)).toBe(0);

    const res = await money(admin, "POST", "/v1/admin/wallet-credits", body, "credit-1");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ owner: { kind: "USER", id: ada.id }, amount: 5000, balance: 5000 });
    const [line] = (await money(ada, "GET", "/v1/wallet/transactions")).json();
    expect(line).toMatchObject({
      id: res.json().transactionId,
      kind: "OPERATOR_CREDIT",
      description: "Credit from Flipside",
      amount: 5000,
      balanceAfter: 5000,
    });
    const [tx] = await t.app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, line.id));
    expect(tx).toMatchObject({ memo: "Payments are not set up yet", actorId: admin.id });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "wallet.credit"), eq(auditLog.targetId, ada.id)));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        reason: "Payments are not set up yet",
        targetLabel: "Ada Lovelace",
      }),
    ]);
  });

  it("answers the first result to the same key and body, and 422 to the same key with another body", async () => {
    const bob = await createUser(t.app, { displayName: "Bob" });
    const first = await credit({ kind: "USER", id: bob.id }, 700, "same-key");
    const again = await credit({ kind: "USER", id: bob.id }, 700, "same-key");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    const other = await credit({ kind: "USER", id: bob.id }, 701, "same-key");
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toBe(MONEY_MESSAGES.keyReused);
    expect(await balanceOf(bob)).toBe(700);
    // Keys are the caller's own: another admin's same key is another request.
    const admin2 = await createUser(t.app, { roles: [ACCOUNT_ROLE.USER, ACCOUNT_ROLE.ADMIN] });
    const theirs = await money(
      admin2,
      "POST",
      "/v1/admin/wallet-credits",
      { ownerKind: "USER", ownerId: bob.id, amount: 700, reason: "Welcome credit" },
      "same-key",
    );
    expect(theirs.statusCode).toBe(201);
    expect(await balanceOf(bob)).toBe(1400);
  });

  it("posts once when the same key arrives many times at once", async () => {
    const cid = await createUser(t.app, { displayName: "Cid" });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => credit({ kind: "USER", id: cid.id }, 300, "parallel-key")),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json().transactionId)).size).toBe(1);
    expect(await balanceOf(cid)).toBe(300);
  });
});

describe("transfers", () => {
  it("move money between a person's and their organisation's wallets, never below zero", async () => {
    const dee = await createUser(t.app, { displayName: "Dee" });
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: org.id, userId: dee.id, role: "OWNER" });
    await credit({ kind: "USER", id: dee.id }, 2000);
    const move = (body: object, key: string = randomUUID(), who = dee) =>
      money(who, "POST", "/v1/wallet/transfers", body, key);

    const res = await move({ fromOrganizationId: null, toOrganizationId: org.id, amount: 1500 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: 1500,
      from: { owner: { kind: "USER", id: dee.id }, balance: 500 },
      to: { owner: { kind: "ORGANIZATION", id: org.id } },
    });
    const orgBalance = await balanceOf(dee, org.id);
    const [orgLine] = (await money(dee, "GET", `/v1/wallet/transactions?organizationId=${org.id}`)).json();
    expect(orgLine).toMatchObject({
      kind: "TRANSFER",
      description: "Transfer from Dee to Acme Ltd",
      amount: 1500,
    });

    const tooMuch = await move(
      { fromOrganizationId: null, toOrganizationId: org.id, amount: 501 },
      "too-much",
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().detail).toBe(MONEY_MESSAGES.insufficientFunds);
    expect(await balanceOf(dee)).toBe(500);
    expect(await balanceOf(dee, org.id)).toBe(orgBalance);
    // A refusal is the key's answer too: the same request later is refused again, not paid.
    await credit({ kind: "USER", id: dee.id }, 1000);
    const retried = await move(
      { fromOrganizationId: null, toOrganizationId: org.id, amount: 501 },
      "too-much",
    );
    expect(retried.statusCode).toBe(409);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(await balanceOf(dee)).toBe(1500);

    expect((await move({ fromOrganizationId: null, toOrganizationId: null, amount: 1 })).statusCode).toBe(
      400,
    );
    expect(
      (await move({ fromOrganizationId: null, toOrganizationId: org.id, amount: 1 }, randomUUID(), ben))
        .statusCode,
    ).toBe(403);
    expect(
      (await move({ fromOrganizationId: org.id, toOrganizationId: null, amount: 1 }, randomUUID(), ben))
        .statusCode,
    ).toBe(403);
    const stranger = await createUser(t.app);
    expect(
      (await move({ fromOrganizationId: org.id, toOrganizationId: null, amount: 1 }, randomUUID(), stranger))
        .statusCode,
    ).toBe(404);
    expect(
      (await move({ fromOrganizationId: null, toOrganizationId: org.id, amount: 1, extra: true })).statusCode,
    ).toBe(400);
    expect(
      (
        await money(dee, "POST", "/v1/wallet/transfers", {
          fromOrganizationId: null,
          toOrganizationId: org.id,
          amount: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect(await balanceOf(dee)).toBe(1500);
  });

  it("lets exactly one of 20 concurrent spends of the whole balance through", async () => {
    const eve = await createUser(t.app, { displayName: "Eve" });
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: org.id, userId: eve.id, role: "ADMIN" });
    await credit({ kind: "USER", id: eve.id }, 999);
    const before = await balanceOf(eve, org.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        money(
          eve,
          "POST",
          "/v1/wallet/transfers",
          { fromOrganizationId: null, toOrganizationId: org.id, amount: 999 },
          randomUUID(),
        ),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(await balanceOf(eve)).toBe(0);
    expect(await balanceOf(eve, org.id)).toBe(before + 999);
    const rows = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, "TRANSFER"), eq(ledgerTransactions.actorId, eve.id)));
    expect(rows[0]?.n).toBe(1);
  });
});

describe("a wallet's history", () => {
  it("filters, pages and exports exactly the lines asked for", async () => {
    const fay = await createUser(t.app, { displayName: "Fay" });
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: org.id, userId: fay.id, role: "OWNER" });
    await credit({ kind: "USER", id: fay.id }, 1000);
    await credit({ kind: "USER", id: fay.id }, 250);
    await money(
      fay,
      "POST",
      "/v1/wallet/transfers",
      { fromOrganizationId: null, toOrganizationId: org.id, amount: 300 },
      randomUUID(),
    );
    const list = (query: string) => money(fay, "GET", `/v1/wallet/transactions${query}`);

    const all = await list("");
    expect(
      all.json().map((l: { amount: number; balanceAfter: number }) => [l.amount, l.balanceAfter]),
    ).toEqual([
      [-300, 950],
      [250, 1250],
      [1000, 1000],
    ]);
    expect((await list("?direction=OUT")).json().map((l: { amount: number }) => l.amount)).toEqual([-300]);
    expect((await list("?kind=OPERATOR_CREDIT")).json()).toHaveLength(2);
    const paged = await list("?size=1&page=1");
    expect(paged.json().map((l: { amount: number }) => l.amount)).toEqual([250]);
    expect(paged.headers["x-total-count"]).toBe("3");
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).json()).toHaveLength(3);
    expect((await list("?to=2020-01-01")).json()).toHaveLength(0);
    expect((await list("?from=yesterday")).statusCode).toBe(400);
    expect((await list("?kind=GIFT")).statusCode).toBe(400);

    const csv = await list("?format=csv&kind=OPERATOR_CREDIT");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="flipside-wallet.csv"');
    const rows = csv.body.trimEnd().split("\r\n");
    expect(rows[0]).toBe('"Date (UTC)","Type","Description","Amount","Balance","Currency","Transaction"');
    expect(rows.slice(1).map((r) => r.split(",").slice(1, 6))).toEqual([
      ['"Credit from Flipside"', '"Credit from Flipside"', '"10.00"', '"10.00"', '"EUR"'],
      ['"Credit from Flipside"', '"Credit from Flipside"', '"2.50"', '"12.50"', '"EUR"'],
    ]);
  });

  it("keeps spreadsheet formulas out of the CSV", async () => {
    const gus = await createUser(t.app, { displayName: '=HYPERLINK("http://evil.test")' });
    await t.app.db
      .insert(organizationMembers)
      .values({ organizationId: org.id, userId: gus.id, role: "OWNER" });
    await credit({ kind: "USER", id: gus.id }, 100);
    await money(
      gus,
      "POST",
      "/v1/wallet/transfers",
      { fromOrganizationId: null, toOrganizationId: org.id, amount: 100 },
      randomUUID(),
    );
    const csv = (await money(gus, "GET", "/v1/wallet/transactions?format=csv")).body;
    expect(csv).toContain(`"Transfer from =HYPERLINK(""http://evil.test"") to Acme Ltd"`);
    const cell = csv.split("\r\n")[2]?.split('","')[2];
    expect(cell?.startsWith("Transfer")).toBe(true);
  });
});

describe("the ledger itself", () => {
  it("refuses, in the database, a transaction that does not sum to zero and any change of an entry", async () => {
    const db = t.app.db;
    const wallet = await walletAccount(db, { kind: "USER", id: ada.id }, "EUR");
    const source = await platformAccount(db, "OPERATOR_CREDITS", "EUR");
    await expect(
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ledgerTransactions)
          .values({ kind: "OPERATOR_CREDIT", currency: "EUR", description: "half a transaction" })
          .returning();
        if (!row) throw new Error("no row");
        await tx.insert(ledgerEntries).values({ transactionId: row.id, accountId: wallet.id, amount: 100 });
      }),
    ).rejects.toThrow();
    const { id } = await db.transaction((tx) =>
      postTransaction(tx, {
        kind: "OPERATOR_CREDIT",
        currency: "EUR",
        description: "test",
        postings: [
          { accountId: source.id, amount: -1 },
          { accountId: wallet.id, amount: 1 },
        ],
      }),
    );
    await expect(
      db.update(ledgerEntries).set({ amount: 2 }).where(eq(ledgerEntries.transactionId, id)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, id))).rejects.toThrow();
    await expect(
      db.update(ledgerTransactions).set({ memo: "x" }).where(eq(ledgerTransactions.id, id)),
    ).rejects.toThrow();
    await expect(
      db.transaction((tx) =>
        postTransaction(tx, {
          kind: "OPERATOR_CREDIT",
          currency: "EUR",
          description: "unbalanced",
          postings: [
            { accountId: source.id, amount: -1 },
            { accountId: wallet.id, amount: 2 },
          ],
        }),
      ),
    ).rejects.toThrow(/sum/);
  });

  it("has a trial balance whose rows sum to zero", async () => {
    const rows = await trialBalance(t.app.db);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.reduce((sum, row) => sum + row.balance, 0)).toBe(0);
    expect(rows.find((r) => r.kind === "OPERATOR_CREDITS")?.balance).toBeLessThan(0);
  });
});

describe("npm run ledger", () => {
  it("prints the trial balance, checks and rebuilds the cached balances", async () => {
    const printed = await runLedgerCommand(t.app.db, ["trial-balance"]);
    expect(printed.code).toBe(0);
    expect(printed.out).toMatch(/^Account\s+Accounts\s+Balance\s+Currency$/m);
    expect(printed.out).toMatch(/^WALLET\s+\d+\s+\d+\.\d\d\s+EUR$/m);
    expect(printed.out).toMatch(/^Total\s+0\.00\s+EUR$/m);
    expect(printed.out).toContain("The ledger balances.");
    expect(await runLedgerCommand(t.app.db, ["check"])).toMatchObject({
      code: 0,
      out: expect.stringContaining("Every check holds."),
    });
    // A cache that drifted (written past the ledger's code) is found, then rebuilt from the entries.
    const wallet = await walletAccount(t.app.db, { kind: "USER", id: ada.id }, "EUR");
    await t.app.db
      .update(ledgerAccounts)
      .set({ balance: wallet.balance + 7 })
      .where(eq(ledgerAccounts.id, wallet.id));
    const broken = await runLedgerCommand(t.app.db, ["check"]);
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(
      `Account ${wallet.id} shows ${wallet.balance + 7}, its entries sum to ${wallet.balance}`,
    );
    expect(await runLedgerCommand(t.app.db, ["rebuild"])).toEqual({
      out: "1 cached balances rebuilt from their entries.",
      code: 0,
    });
    expect(await runLedgerCommand(t.app.db, ["nonsense"])).toMatchObject({ code: 2 });
  });
});
