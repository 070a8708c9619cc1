import { AD_BILLING_TEXTS, periodLabel } from "@flipside/contracts/ads";
import { formatMoney } from "@flipside/contracts/money-constants";
import { moneyDocument } from "../../lib/pdf.ts";
import type { StatementWithLines } from "./billing.ts";

/**
 * A monthly statement as an A4 PDF (as invoices are): what each campaign was charged in
 * the month. The running month's says "Not final" where the number goes. Not a tax invoice: the
 * wallet's top-ups are invoiced when they are paid.
 */
export function statementPdf({ statement, account, lines }: StatementWithLines): Promise<Buffer> {
  const month = periodLabel(statement.period);
  const open = statement.status === "OPEN";
  const { doc, left, width, row, rule, finish } = moneyDocument({
    Title: open
      ? `Advertising statement ${AD_BILLING_TEXTS.soFar(month)}`
      : `Advertising statement ${statement.number}`,
    Author: "Flipside",
    Subject: `${account.name}, ${month}`,
  });
  const money = (minor: number) => formatMoney(minor, statement.currency);

  doc.font("Helvetica-Bold").fontSize(22).fillColor("#111").text("Advertising statement", left, 56);
  doc.font("Helvetica").fontSize(10).fillColor("#444");
  doc.text(open ? AD_BILLING_TEXTS.notFinal : `Number: ${statement.number}`, { align: "right" });
  doc.text(`Month: ${open ? AD_BILLING_TEXTS.soFar(month) : month} (${account.timezone})`, {
    align: "right",
  });
  if (statement.issuedAt) doc.text(`Issued: ${statement.issuedAt.slice(0, 10)}`, { align: "right" });
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fillColor("#111").text("Advertiser account", left);
  doc.font("Helvetica").fillColor("#333").text(account.name, left);
  doc.moveDown(1.5);

  row("Campaign", "Charged", true);
  rule();
  for (const line of lines) row(line.name, money(line.minor));
  if (lines.length === 0) row("Nothing was charged this month.", money(0));
  rule();
  row(
    "Total",
    money(open ? lines.reduce((total, line) => total + line.minor, 0) : statement.totalMinor),
    true,
  );
  doc.moveDown(2);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555")
    .text(
      `${AD_BILLING_TEXTS.footnote} Amounts in ${statement.currency}, charged as campaigns' spend was settled. This statement is not a tax invoice: wallet top-ups are invoiced when they are paid.`,
      left,
      doc.y,
      { width },
    );
  return finish();
}
