import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { organizationMembers } from "../../db/schema/organizations.ts";
import { invoiceMail, planEndedMail, renewalFailedMail } from "../../lib/mail-templates/billing-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { MANAGERS } from "../organizations/index.ts";
import type { BillingEvent, BillingService } from "./billing.service.ts";
import { invoicePdf } from "./invoice-pdf.ts";

/**
 * What follows a billing change once it is committed: mails to the person who pays, or to every
 * OWNER and ADMIN of the organisation that does; and the pages of a site whose plan may have
 * changed are rendered again (they show the plan's notice).
 */
export function createBillingNotices(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  service: BillingService;
  log: FastifyBaseLogger;
  onSiteChanged?: (siteId: string) => void;
}) {
  const { db, config, mailer, service } = deps;
  const origin = config.publicOrigin;

  async function recipients(payer: { kind: "USER" | "ORGANIZATION"; id: string }) {
    if (payer.kind === "USER") {
      return db
        .select({ email: users.email, name: users.displayName })
        .from(users)
        .where(eq(users.id, payer.id));
    }
    return db
      .select({ email: users.email, name: users.displayName })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(
        and(
          eq(organizationMembers.organizationId, payer.id),
          inArray(organizationMembers.role, [...MANAGERS]),
        ),
      );
  }

  const billingLink = (payer: { kind: string; id: string }) =>
    `${origin}/profile/billing${payer.kind === "ORGANIZATION" ? `?organizationId=${payer.id}` : ""}`;
  const walletLink = (payer: { kind: string; id: string }) =>
    `${origin}/profile/wallet${payer.kind === "ORGANIZATION" ? `?organizationId=${payer.id}` : ""}`;

  async function deliver(event: BillingEvent): Promise<void> {
    if (event.kind === "invoice") {
      const invoice = await service.invoiceById(event.invoiceId);
      const subscription = invoice && (await service.subscriptionOfInvoice(invoice.id));
      if (!invoice || !subscription) return;
      const pdf = await invoicePdf(invoice);
      for (const person of await recipients(subscription.payer)) {
        void mailer.send({
          to: person.email,
          ...invoiceMail({
            displayName: person.name,
            number: invoice.number,
            domain: invoice.domain,
            plan: invoice.plan,
            total: invoice.total,
            currency: invoice.currency,
            periodEnd: subscription.currentPeriodEnd,
            billingLink: billingLink(subscription.payer),
          }),
          attachments: [{ filename: `${invoice.number}.pdf`, content: pdf, contentType: "application/pdf" }],
        });
      }
      return;
    }
    const subscription = await service.subscriptionById(event.subscriptionId);
    if (!subscription) return;
    for (const person of await recipients(subscription.payer)) {
      const content =
        event.kind === "renewal-failed"
          ? renewalFailedMail({
              displayName: person.name,
              domain: subscription.domain,
              plan: subscription.nextPlan ?? subscription.plan,
              amount: subscription.price,
              currency: subscription.currency,
              graceUntil: subscription.graceUntil ?? subscription.currentPeriodEnd,
              walletLink: walletLink(subscription.payer),
            })
          : planEndedMail({
              displayName: person.name,
              domain: subscription.domain,
              plan: subscription.plan,
              reason: subscription.endReason,
              plansLink: `${origin}/plans`,
            });
      void mailer.send({ to: person.email, ...content });
    }
  }

  return {
    /** Sends the mails for `events`; a failure is logged, never thrown at a request or a job. */
    async send(events: BillingEvent[]): Promise<void> {
      for (const event of events) {
        try {
          if (event.kind !== "renewal-failed" && deps.onSiteChanged) {
            const siteId = await service.siteOf(event);
            if (siteId) deps.onSiteChanged(siteId);
          }
        } catch (err) {
          deps.log.warn({ err, event }, "could not render a site's pages again after a plan change");
        }
        try {
          await deliver(event);
        } catch (err) {
          deps.log.error({ err, event }, "billing mail not sent");
        }
      }
    },
  };
}
