import { type MailContent, render } from "./account-mails.ts";

/** Longest quote of a shared contribution in the mail; the link has the rest. */
const QUOTE_MAX = 600;

/** A header value cannot carry a line break or another control character, whatever a name holds. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

const quote = (text: string) => {
  const flat = text.trim();
  return flat.length > QUOTE_MAX ? `${flat.slice(0, QUOTE_MAX - 1)}…` : flat;
};

/** What of a page is shared, when it is not the page itself. */
export type SharedPart =
  | { type: "COMMENT" | "REPLY"; text: string }
  | { type: "REVIEW"; title: string; text: string }
  | { type: "RELATED_PAGE"; text: string; related: { title: string; url: string } }
  | { type: "NOTE"; title: string; text: string; author: string };

const NOUN = {
  COMMENT: "comment",
  REPLY: "reply",
  REVIEW: "review",
  RELATED_PAGE: "related page",
  NOTE: "note",
} as const;

function describe(sharer: string, page: { title: string; url: string }, part: SharedPart): string[] {
  const on = `“${page.title}” (${page.url})`;
  const said = part.text.trim() ? [`“${quote(part.text)}”`] : [];
  switch (part.type) {
    case "REVIEW":
      return [`${sharer} shared a review of ${on}:`, `“${quote(part.title)}”`, ...said];
    case "RELATED_PAGE":
      return [
        `${sharer} shared a page related to ${on}: “${part.related.title}” (${part.related.url}).`,
        ...(said.length ? [`Why it is related: ${said[0]}`] : []),
      ];
    case "NOTE":
      return [
        `${sharer} shared a public note by ${part.author} on ${on}:`,
        `“${quote(part.title)}”`,
        ...said,
      ];
    default:
      return [`${sharer} shared a ${NOUN[part.type]} on ${on}:`, ...said];
  }
}

/**
 * The one template a share is mailed with (docs/sharing.md): the sharer's display name, the page's
 * title and address or the shared contribution (a comment's or reply's text, a review's title and
 * text, a related page's address and reason, a public note's author, title and text), their
 * message as plain text, and the link. Every
 * value is escaped in the HTML part; nothing of the sender goes into a header but the subject's
 * name, on one line.
 */
export function shareMail(p: {
  sharer: string;
  page: { title: string; url: string };
  part: SharedPart | null;
  message: string;
  link: string;
  unsubscribeUrl: string;
}): MailContent {
  const sharer = oneLine(p.sharer);
  const noun = p.part ? NOUN[p.part.type] : "page";
  const subject = `${sharer} shared a ${noun} with you on Flipside`;
  const what = p.part
    ? describe(sharer, p.page, p.part)
    : [
        `${sharer} thinks you will want to read “${p.page.title}” (${p.page.url}) and what people say about it.`,
      ];
  const message = p.message.trim() ? [`Their message: ${p.message.trim()}`] : [];
  return render(subject, "Hello,", {
    paragraphs: [...what, ...message],
    action: {
      label: !p.part
        ? "See the discussion"
        : p.part.type === "RELATED_PAGE"
          ? "See both pages"
          : `Read the ${noun}`,
      url: p.link,
    },
    after: [
      "You got this mail because someone on Flipside typed your address. Flipside keeps it for nothing else.",
      `To get no more mails from Flipside users: ${p.unsubscribeUrl}`,
    ],
  });
}
