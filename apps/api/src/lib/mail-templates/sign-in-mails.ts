import { PENDING_LINK_TTL_MINUTES } from "@flipside/contracts/sign-in-providers-constants";
import { type MailContent, render } from "./account-mails.ts";

/** Proof by mail that links another provider to an account (docs/sign-in-providers.md#linking). */
export function linkProviderMail(p: { displayName: string; provider: string; link: string }): MailContent {
  return render(`Link ${p.provider} to your Flipside account`, `Hello ${p.displayName},`, {
    paragraphs: [
      `Someone signed in with ${p.provider} using this address and asked to link it to your Flipside account.`,
      `If it was you, the link below finishes linking and signs you in. It works once, for ${PENDING_LINK_TTL_MINUTES} minutes.`,
    ],
    action: { label: `Link ${p.provider}`, url: p.link },
    after: ["If it was not you, ignore this mail: nothing will be linked."],
  });
}
