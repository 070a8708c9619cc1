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
