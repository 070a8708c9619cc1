import { hello, type MailContent, render } from "./account-mails.ts";

/** What a mail says of one notification: its sentence, a few words of the contribution, where it leads. */
export interface MailedNotification {
  message: string;
  excerpt: string | null;
  url: string;
}

/** A header value cannot carry a line break or another control character, whatever a title holds. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

/** "mails of “replies to what you wrote”" */
export const mailsOf = (kindLabel: string) => `mails of “${kindLabel.toLowerCase()}”`;

/** The last lines of every notification mail: why it came, and how to stop it. */
export const notificationFooter = (p: { settingsUrl: string; unsubscribeUrl: string; what: string }) => [
  `You get ${p.what} because of your mail preferences. Choose what Flipside mails you: ${p.settingsUrl}`,
  `Stop these mails with one click: ${p.unsubscribeUrl}`,
];

/** One notification, mailed at once (docs/notifications.md#mails): the subject is its sentence. */
export function notificationMail(p: {
  displayName: string;
  notification: MailedNotification;
  footer: string[];
}): MailContent {
  const { notification: n } = p;
  return render(oneLine(n.message), hello(p.displayName), {
    paragraphs: [`${n.message}.`, ...(n.excerpt ? [`“${n.excerpt}”`] : [])],
    action: { label: "Open it on Flipside", url: n.url },
    after: p.footer,
  });
}

/** The day's digest: every notification the person chose to hear of once a day, newest first. */
export function digestMail(p: {
  displayName: string;
  notifications: MailedNotification[];
  inboxUrl: string;
  footer: string[];
}): MailContent {
  const n = p.notifications.length;
  return render(
    n === 1 ? "Your Flipside digest: 1 new notification" : `Your Flipside digest: ${n} new notifications`,
    hello(p.displayName),
    {
      paragraphs: ["Here is what happened since your last digest."],
      items: p.notifications.map((x) => ({ text: x.message, url: x.url, quote: x.excerpt })),
      action: { label: "See all your notifications", url: p.inboxUrl },
      after: p.footer,
    },
  );
}
