/** A cell as spreadsheets read it safely: quoted, and never a formula (CSV injection). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Rows as a CSV file: CRLF between rows (RFC 4180), every cell quoted. */
export const csvFile = (rows: readonly (readonly string[])[]) =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
