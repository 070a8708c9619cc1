import { type MailContent, render } from "./account-mails.ts";

const day = (date: Date) =>
  date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * The one template an organisation invitation is sent with. Only the organisation's name, the
 * inviter's display name and the role go in, each escaped: no free text, so the mail cannot be
 * made to say anything else.
 */
export function organizationInvitationMail(p: {
  organization: string;
  inviter: string | null;
  role: "ADMIN" | "MEMBER";
  link: string;
  expiresAt: Date;
  unsubscribeUrl: string;
}): MailContent {
  const who = p.inviter ? `${p.inviter} invites you` : "You are invited";
  const as = p.role === "ADMIN" ? "an admin" : "a member";
  return render(`Join ${p.organization} on Flipside`, "Hello,", {
    paragraphs: [
      `${who} to join ${p.organization} on Flipside as ${as}. Members share notes on the pages they read and answer officially on the organisation's websites.`,
      `The link works once, until ${day(p.expiresAt)}. No account yet? Create one with this address from the link and you will come back to the invitation.`,
    ],
    action: { label: "See the invitation", url: p.link },
    after: [
      "If you do not want to join, decline from the link or ignore this mail.",
      `To get no more invitations from Flipside: ${p.unsubscribeUrl}`,
    ],
  });
}
