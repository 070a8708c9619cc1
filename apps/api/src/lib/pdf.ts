import PDFDocument from "pdfkit";

const MARGIN = 56;
const AMOUNT_WIDTH = 130;

/**
 * An A4 document (pdfkit) for the money papers — invoices, ads statements — with the pieces they
 * share: a line of a table with its amount on the right, a rule under a table's head and total,
 * and the finished file.
 */
export function moneyDocument(info: PDFKit.DocumentInfo) {
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const amountX = right - AMOUNT_WIDTH;
  return {
    doc,
    left,
    right,
    width: right - left,
    /** A line of a table: its label wrapping on the left, its amount on the right. */
    row(label: string, amount: string, bold = false) {
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fillColor("#111");
      doc.text(label, left, y, { width: amountX - left - 12 });
      const after = doc.y;
      doc.text(amount, amountX, y, { width: AMOUNT_WIDTH, align: "right" });
      doc.y = Math.max(after, doc.y) + 6;
    },
    rule() {
      doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#ccc").stroke();
      doc.y += 8;
    },
    /** Ends the document: the file's bytes. */
    finish(): Promise<Buffer> {
      doc.end();
      return done;
    },
  };
}
