import { BODY_MAX_LENGTH, TITLE_MAX_LENGTH } from "@flipside/contracts/discussion-constants";

/** The selected text as a private note (docs/extension.md#quick-notes): the quote is the body. */
export function noteFromQuote(quote: string): { title: string; body: string } {
  const text = quote.replace(/\r\n?/g, "\n").trim();
  const oneLine = text.replace(/\s+/g, " ");
  const titleRoom = Math.min(TITLE_MAX_LENGTH, 80);
  const title =
    oneLine.length > titleRoom ? `“${oneLine.slice(0, titleRoom - 3).trimEnd()}…”` : `“${oneLine}”`;
  // A markdown blockquote, line by line; cut to what a note's body holds.
  const quoted = text
    .split("\n")
    .map((line) => (line.trim() === "" ? ">" : `> ${line}`))
    .join("\n");
  const body = quoted.length > BODY_MAX_LENGTH ? `${quoted.slice(0, BODY_MAX_LENGTH - 1)}…` : quoted;
  return { title, body };
}
