import { hello, type MailContent, render } from "./account-mails.ts";

export type WebsiteMailEvent = "verified" | "proof-missing" | "demoted" | "retries-ended";

const day = (date: Date) =>
  date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * What a site's owner is told when a check they did not start changes something: the site got
 * verified by a re-try, its proof went missing, it returned to pending, or re-tries ended.
 */
export function websiteMail(
  event: WebsiteMailEvent | null,
  p: {
    displayName: string;
    domain: string;
    link: string;
    finding: string;
    demotionDate: Date | null;
    /** The notification mails' last lines (preferences, one-click unsubscribe). */
    footer?: string[];
  },
): MailContent | null {
  const action = { label: "Open the site's page", url: p.link };
  const footer = p.footer ?? [];
  switch (event) {
    case "verified":
      return render(`${p.domain} is verified on Flipside`, hello(p.displayName), {
        paragraphs: [
          `Flipside found your proof and verified ${p.domain}. Your comments and replies on its pages now show as official responses.`,
        ],
        action,
        after: footer,
      });
    case "proof-missing":
      return render(`The proof for ${p.domain} is missing`, hello(p.displayName), {
        paragraphs: [
          `Flipside's daily check could not find your proof of control of ${p.domain}: ${p.finding}`,
          p.demotionDate
            ? `If it is still missing on ${day(p.demotionDate)}, ${p.domain} will no longer be verified and your responses will no longer be marked official.`
            : `If it stays missing, ${p.domain} will no longer be verified.`,
        ],
        action,
        after: ["If you removed it on purpose, you need do nothing.", ...footer],
      });
    case "demoted":
      return render(`${p.domain} is no longer verified`, hello(p.displayName), {
        paragraphs: [
          `Your proof of control of ${p.domain} has been missing for the whole grace period, so the site is no longer verified: ${p.finding}`,
          "Put the proof back and verify again to speak for the site once more.",
        ],
        action,
        after: footer,
      });
    case "retries-ended":
      return render(`Flipside could not verify ${p.domain}`, hello(p.displayName), {
        paragraphs: [
          `Flipside tried for three days and could not find your proof of control of ${p.domain}: ${p.finding}`,
          "Once the proof is in place, verify again from the site's page.",
        ],
        action,
        after: footer,
      });
    default:
      return null;
  }
}

/**
 * The one template an owner invitation is sent with: what the inviter typed goes in as plain
 * text (escaped in the HTML like every value), so the mail cannot be made to say anything else.
 */
export function ownerInviteMail(p: {
  inviter: string;
  domain: string;
  people: number;
  claimLink: string;
  message: string | null;
  unsubscribeUrl: string;
}): MailContent {
  const discussing =
    p.people === 0
      ? `Its pages can be discussed on Flipside, where people comment on and review any page of the web.`
      : `${p.people === 1 ? "One person discusses" : `${p.people} people discuss`} its pages on Flipside, where people comment on and review any page of the web.`;
  return render(`${p.inviter} invites you to answer for ${p.domain} on Flipside`, "Hello,", {
    paragraphs: [
      `${p.inviter} thinks you run ${p.domain}. ${discussing}`,
      ...(p.message ? [`${p.inviter} wrote: “${p.message}”`] : []),
      `Verify that ${p.domain} is yours and your answers on its pages will show as official responses, first in every discussion. It is free and takes a DNS record, a meta tag or a file on the site.`,
    ],
    action: { label: `Claim ${p.domain}`, url: p.claimLink },
    after: [
      "You get this mail because a Flipside user entered your address. Flipside keeps only a fingerprint of it, so that it is invited at most once in 30 days.",
      `To get no more invitations to any site: ${p.unsubscribeUrl}`,
    ],
  });
}
