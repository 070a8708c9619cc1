import { BETA_LINK_TTL_DAYS } from "@flipside/contracts/joining-constants";
import { type MailContent, render } from "./account-mails.ts";

/** The link of an approved beta request (docs/joining.md#beta-requests). */
export function betaApprovedMail(p: { link: string; hasAccount: boolean }): MailContent {
  return render("You can join Flipside now", "Hello,", {
    paragraphs: [
      "You asked to join the Flipside beta, and there is room for you now.",
      p.hasAccount
        ? `This address already has an account: the link below activates it. It works once, for ${BETA_LINK_TTL_DAYS} days.`
        : `The link below opens sign-up for this address. It works once, for ${BETA_LINK_TTL_DAYS} days.`,
    ],
    action: { label: p.hasAccount ? "Activate my account" : "Create my account", url: p.link },
    after: ["If you did not ask to join Flipside, ignore this mail: nothing will happen."],
  });
}
