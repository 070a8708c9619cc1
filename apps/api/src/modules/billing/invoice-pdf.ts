import type { Invoice } from "@flipside/contracts/billing";
import { countryName, formatTaxRate, PLAN_NAMES } from "@flipside/contracts/billing-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import { day } from "../../lib/mail-templates/billing-mails.ts";
import { moneyDocument } from "../../lib/pdf.ts";

/**
 * The invoice as an A4 PDF. The standard Helvetica font covers Western European text;
 * names outside it (Greek, Cyrillic, CJK) need an embedded font, not bundled yet.
 */
export function invoicePdf(invoice: Invoice): Promise<Buffer> {
  const { doc, left, width, row, rule, finish } = moneyDocument({
    Title: `Invoice ${invoice.number}`,
    Author: invoice.seller.name,
    Subject: `${PLAN_NAMES[invoice.plan]} plan for ${invoice.domain}`,
    CreationDate: new Date(invoice.issuedDate),
  });
  const money = (minor: number) => formatMoney(minor, invoice.currency);

  doc.font("Helvetica-Bold").fontSize(22).text("Invoice", left, 56);
  doc.font("Helvetica").fontSize(10).fillColor("#444");
  doc.text(`Number: ${invoice.number}`, { align: "right" });
  doc.text(`Date: ${day(invoice.issuedDate)}`, { align: "right" });
  doc.text(`Paid from the wallet on ${day(invoice.issuedDate)}`, { align: "right" });
  doc.moveDown(1.5);

  const top = doc.y;
  const block = (title: string, lines: string[], x: number) => {
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("#111")
      .text(title, x, top, { width: width / 2 - 12 });
    doc.font("Helvetica").fillColor("#333");
    for (const line of lines.filter(Boolean)) doc.text(line, x, doc.y, { width: width / 2 - 12 });
    return doc.y;
  };
  const seller = invoice.seller;
  const buyer = invoice.buyer;
  const sellerEnd = block(
    "From",
    [seller.name, ...seller.address.split("\n"), seller.taxId ? `VAT ID: ${seller.taxId}` : ""],
    left,
  );
  const buyerEnd = block(
    "Billed to",
    [
      buyer.name,
      ...buyer.address.split("\n"),
      buyer.country ? countryName(buyer.country) : "",
      buyer.taxId ? `VAT ID: ${buyer.taxId}` : "",
    ],
    left + width / 2 + 12,
  );
  doc.y = Math.max(sellerEnd, buyerEnd) + 24;

  row("Description", "Amount", true);
  rule();
  for (const line of invoice.lines) row(line.description, money(line.amount));
  rule();
  row("Subtotal", money(invoice.subtotal));
  row(
    `Tax (${formatTaxRate(invoice.taxRate)}${buyer.country ? `, ${countryName(buyer.country)}` : ""})`,
    money(invoice.tax),
  );
  row("Total paid", money(invoice.total), true);
  doc.moveDown(2);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555")
    .text(
      `Service period ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}. Amounts in ${invoice.currency}.`,
      left,
      doc.y,
      { width },
    );
  return finish();
}
