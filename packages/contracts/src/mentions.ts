/**
 * Mentions (docs/notifications.md#mentions): `@Display Name` picked from a list is written into
 * the markdown as a link to the person's page, `[@Display Name](/users/<id>)`, so it renders as a
 * link everywhere without a renderer of its own, and is stored by id (a renamed person is still
 * the one mentioned).
 */

/** At most this many people are told of their mention in one contribution (no mass pinging). */
export const MAX_MENTIONS = 10;

const MENTION =
  /\[@[^\]\n]{1,100}\]\(\/users\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;

/** The markdown of a mention of this person. */
export function mentionMarkdown(displayName: string, id: string): string {
  return `[@${displayName.replace(/[[\]\n]/g, "")}](/users/${id})`;
}

/** The ids of the people a text mentions, each once, in order, at most MAX_MENTIONS. */
export function mentionedIds(body: string): string[] {
  const ids: string[] = [];
  for (const match of body.matchAll(MENTION)) {
    const id = match[1]?.toLowerCase();
    if (id && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_MENTIONS) break;
  }
  return ids;
}

/** How many people the mention picker offers at a time. */
export const MENTION_SUGGESTIONS = 8;

/** The longest name part the picker searches for (longer is no one's name being typed). */
export const MENTION_QUERY_MAX_LENGTH = 50;

/** The picker waits this long after the last key before it asks. */
export const MENTION_DEBOUNCE_MS = 150;

/**
 * The name being typed after an "@" just before the caret, or null when the caret is not in one: the
 * "@" starts the text or follows a space, and at most three words follow it ("@Ann Le" finds
 * "Ann Lee"). `start` is where the "@" is.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@[\]()]*(?: [^\s@[\]()]+){0,2} ?)$/u.exec(before);
  if (!match) return null;
  const query = match[1] ?? "";
  if (query.length > MENTION_QUERY_MAX_LENGTH || query.startsWith(" ")) return null;
  return { start: caret - query.length - 1, query };
}
