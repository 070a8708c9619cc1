import { escapeHtml } from "./account-mails.ts";

/** A page of its own for the unsubscribe link: the person who opens it has no account. */
export function unsubscribePage(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Flipside</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.5rem">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** What an unknown or mangled unsubscribe link opens. */
export const INVALID_UNSUBSCRIBE_LINK = unsubscribePage(
  "This link is not valid",
  "<p>Copy the whole link from the mail and try again.</p>",
);
