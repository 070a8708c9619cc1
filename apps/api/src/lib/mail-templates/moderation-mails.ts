import { REPORT_TARGET_WORDS, type ReportTargetKind } from "@flipside/contracts/moderation-constants";
import { hello, type MailContent, render } from "./account-mails.ts";

export type ReportOutcome = "DISMISSED" | "HIDDEN" | "SUSPENDED";

const OUTCOME_WORDS: Record<ReportOutcome, string> = {
  DISMISSED: "Moderators read it and left it as it is: they found it does not break Flipside's rules.",
  HIDDEN: "Moderators agreed and hid it. It no longer shows on Flipside.",
  SUSPENDED: "Moderators agreed and suspended the account behind it.",
};

/** A hidden page keeps its discussion (decision 027): what stops is Flipside showing the page. */
const PAGE_HIDDEN_WORDS =
  "Moderators agreed and hid it. Flipside no longer shows what the page says, lists it or links to it.";

/**
 * What a reporter is told when their report is closed: the outcome only — nothing about the
 * other person or the other reports (docs/moderation.md).
 */
export function reportOutcomeMail(p: {
  displayName: string;
  targetKind: ReportTargetKind;
  pageTitle: string | null;
  outcome: ReportOutcome;
  link: string;
  /** Lines after the thanks (the notification mails' preferences and one-click unsubscribe). */
  after?: string[];
}): MailContent {
  const what = REPORT_TARGET_WORDS[p.targetKind];
  const where =
    p.pageTitle && p.targetKind !== "SITE_PAGE" && p.targetKind !== "ACCOUNT" ? ` on “${p.pageTitle}”` : "";
  return render("About your report", hello(p.displayName), {
    paragraphs: [
      `Thank you for reporting ${what}${where}.`,
      p.outcome === "HIDDEN" && p.targetKind === "SITE_PAGE" ? PAGE_HIDDEN_WORDS : OUTCOME_WORDS[p.outcome],
    ],
    action: { label: "Open Flipside", url: p.link },
    after: ["Reports help keep every discussion on Flipside worth reading.", ...(p.after ?? [])],
  });
}
