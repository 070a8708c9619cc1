import { z } from "zod";

/**
 * Text that others will read (issue 16). Control characters have no place in it: C0 and C1
 * controls (BEL, ESC…) and DEL, and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) that make text read other than it is stored ("Trojan Source",
 * a display name that reverses what follows it). Such text is refused with the field named;
 * tabs and line breaks stay allowed where the text may have several lines.
 */

export const TEXT_MESSAGES = {
  controlCharacters: "Remove the invisible control characters (such as text-direction overrides)",
} as const;

const BIDI_CONTROLS = "\u202A-\u202E\u2066-\u2069";
const LINE_FORBIDDEN = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`);
const LINES_FORBIDDEN = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`,
);

/** Whether a one-line text (a name, a title) holds a character it may not. */
export function hasForbiddenLineCharacters(text: string): boolean {
  return LINE_FORBIDDEN.test(text);
}

/** Whether a text of several lines (a bio, a comment) holds a character it may not. */
export function hasForbiddenTextCharacters(text: string): boolean {
  return LINES_FORBIDDEN.test(text);
}

/** A one-line text shown to others, trimmed (a pasted line break goes): no control character. */
export function lineText() {
  return z
    .string()
    .trim()
    .refine((v) => !hasForbiddenLineCharacters(v), { error: TEXT_MESSAGES.controlCharacters });
}

/** A text of several lines shown to others: tabs and line breaks, no other control character. */
export function multilineText() {
  return z.string().refine((v) => !hasForbiddenTextCharacters(v), { error: TEXT_MESSAGES.controlCharacters });
}
