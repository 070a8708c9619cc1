import { type MailContent, render } from "./account-mails.ts";

/** Longest quote of a shared comment in the mail; the link has the rest. */
const QUOTE_MAX = 600;

/** A header value cannot carry a line break or another control character, whatever a name holds. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

const quote = (text: string) => {
  const flat = text.trim();
  return flat.length > QUOTE_MAX ? `${flat.slice(0, QUOTE_MAX - 1)}…` : flat;
};

/**
 * The one template a share is mailed with (docs/sharing.md): the sharer's display name, the page's
 * title and address or the comment's text, their message as plain text, and the link. Every
 * value is escaped in the HTML part; nothing of the sender goes into a header but the subject's
 * name, on one line.
 */
export function shareMail(p: {
  sharer: string;
  page: { title: string; url: string };
  comment: string | null;
  message: string;
  link: string;
  unsubscribeUrl: string;
}): MailContent {
  const sharer = oneLine(p.sharer);
  const subject = p.comment
    ? `${sharer} shared a comment with you on Flipside`
    : `${sharer} shared a page with you on Flipside`;
  const what = p.comment
    ? [`${sharer} shared a comment on “${p.page.title}” (${p.page.url}):`, `“${quote(p.comment)}”`]
    : [
        `${sharer} thinks you will want to read “${p.page.title}” (${p.page.url}) and what people say about it.`,
      ];
  const message = p.message.trim() ? [`Their message: ${p.message.trim()}`] : [];
  return render(subject, "Hello,", {
    paragraphs: [...what, ...message],
    action: { label: p.comment ? "Read the comment" : "See the discussion", url: p.link },
    after: [
      "You got this mail because someone on Flipside typed your address. Flipside keeps it for nothing else.",
      `To get no more mails from Flipside users: ${p.unsubscribeUrl}`,
    ],
  });
}
