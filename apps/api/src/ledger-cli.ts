import { minorToDecimal } from "@flipside/contracts/money-constants";
import { runAsCommand } from "./command-database.ts";
import type { Db } from "./db/client.ts";
import { checkLedger, rebuildBalances, trialBalance } from "./modules/ledger/index.ts";

const USAGE = `Usage:
  npm run ledger -- trial-balance   balances by kind of account; each currency sums to zero
  npm run ledger -- check           every transaction sums to zero, every balance equals its entries
  npm run ledger -- rebuild         recompute every cached balance from the entries`;

/** A table with the numbers right-aligned. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  "),
    )
    .join("\n");
}

/**
 * `npm run ledger`: the reconciliation command (docs/money.md#reconciliation). Returns what to
 * print and the exit code, so tests can run it against their own database.
 */
export async function runLedgerCommand(
  db: Db,
  args: readonly string[],
): Promise<{ out: string; code: number }> {
  const [command] = args;
  if (command === "trial-balance") {
    const rows = await trialBalance(db);
    if (!rows.length) return { out: "The ledger is empty.", code: 0 };
    const lines: string[][] = [["Account", "Accounts", "Balance", "Currency"]];
    const totals = new Map<string, number>();
    for (const row of rows) {
      lines.push([row.kind, String(row.accounts), minorToDecimal(row.balance, row.currency), row.currency]);
      totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.balance);
    }
    for (const [currency, total] of totals)
      lines.push(["Total", "", minorToDecimal(total, currency), currency]);
    const balanced = [...totals.values()].every((t) => t === 0);
    return {
      out: `${table(lines)}\n\n${balanced ? "The ledger balances." : "THE LEDGER DOES NOT BALANCE."}`,
      code: balanced ? 0 : 1,
    };
  }
  if (command === "check") {
    const check = await checkLedger(db);
    const lines = [
      `${check.transactions} transactions, ${check.entries} entries, sum of all entries ${check.total}.`,
    ];
    for (const u of check.unbalanced) {
      lines.push(`Transaction ${u.transactionId} sums to ${u.sum} over ${u.entries} entries.`);
    }
    for (const m of check.mismatched) {
      lines.push(
        `Account ${m.accountId} shows ${m.balance}, its entries sum to ${m.entries} (npm run ledger -- rebuild).`,
      );
    }
    lines.push(check.ok ? "Every check holds." : "THE LEDGER FAILS ITS CHECKS.");
    return { out: lines.join("\n"), code: check.ok ? 0 : 1 };
  }
  if (command === "rebuild") {
    const fixed = await rebuildBalances(db);
    return {
      out: fixed ? `${fixed} cached balances rebuilt from their entries.` : "Every cached balance was right.",
      code: 0,
    };
  }
  return { out: USAGE, code: 2 };
}

runAsCommand(import.meta.url, runLedgerCommand);
