import { type PaidPlanId, PLAN_NAMES } from "@flipside/contracts/billing-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import { hello, type MailContent, render } from "./account-mails.ts";

/** "28 November 2026" (UTC), as billing mails and invoices write dates. */
export const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** The invoice for a plan's payment, with its PDF attached by the caller. */
export function invoiceMail(p: {
  displayName: string;
  number: string;
  domain: string;
  plan: PaidPlanId;
  total: number;
  currency: string;
  periodEnd: string;
  billingLink: string;
}): MailContent {
  return render(`Invoice ${p.number}: ${PLAN_NAMES[p.plan]} plan for ${p.domain}`, hello(p.displayName), {
    paragraphs: [
      `Thank you: ${formatMoney(p.total, p.currency)} was paid from the wallet for the ${PLAN_NAMES[p.plan]} plan of ${p.domain}, which now runs until ${day(p.periodEnd)}.`,
      `Invoice ${p.number} is attached as a PDF, and always on your billing page.`,
    ],
    action: { label: "Open billing", url: p.billingLink },
  });
}

/** A renewal the wallet could not pay: the plan holds until the grace period ends. */
export function renewalFailedMail(p: {
  displayName: string;
  domain: string;
  plan: PaidPlanId;
  amount: number;
  currency: string;
  graceUntil: string;
  walletLink: string;
}): MailContent {
  return render(
    `Your ${PLAN_NAMES[p.plan]} plan for ${p.domain} could not be renewed`,
    hello(p.displayName),
    {
      paragraphs: [
        `The wallet does not hold the ${formatMoney(p.amount, p.currency)} (before tax) the ${PLAN_NAMES[p.plan]} plan of ${p.domain} costs this month, and no saved card paid the difference (there is none, or it was declined).`,
        `The plan keeps working until ${day(p.graceUntil)}, and Flipside tries again every day. Add money to the wallet, or a card in Billing, before then, or the site returns to the Free plan.`,
      ],
      action: { label: "Add money to the wallet", url: p.walletLink },
    },
  );
}

/** A plan that ended: canceled, unpaid after the grace period, or the site no longer the payer's. */
export function planEndedMail(p: {
  displayName: string;
  domain: string;
  plan: PaidPlanId;
  reason: "CANCELED" | "UNPAID" | "SITE_LOST" | null;
  plansLink: string;
}): MailContent {
  const why =
    p.reason === "UNPAID"
      ? "its renewal stayed unpaid until the end of the grace period"
      : p.reason === "SITE_LOST"
        ? "the site is no longer verified as yours"
        : "it was canceled";
  return render(`The ${PLAN_NAMES[p.plan]} plan for ${p.domain} has ended`, hello(p.displayName), {
    paragraphs: [
      `The ${PLAN_NAMES[p.plan]} plan of ${p.domain} has ended because ${why}. The site is on the Free plan now; nothing more will be charged for it.`,
      "You can choose a plan again at any time.",
    ],
    action: { label: "See the plans", url: p.plansLink },
  });
}
