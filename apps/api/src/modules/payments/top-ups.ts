import type { PaidPlanId } from "@flipside/contracts/billing-constants";
import type { TopUp, WalletOwner } from "@flipside/contracts/money";
import { formatMoney, MONEY_MESSAGES, type WalletOwnerKind } from "@flipside/contracts/money-constants";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { paymentCustomers, paymentEvents, topUps } from "../../db/schema/money.ts";
import { AppError, notFound, serviceUnavailable, validationFailed } from "../../lib/errors.ts";
import {
  findByReference,
  platformAccount,
  postTransaction,
  walletAccount,
  walletOwnerKey,
} from "../ledger/index.ts";
import type { PaymentProvider, Stripe } from "./stripe.ts";

type TopUpRow = typeof topUps.$inferSelect;

const present = (row: TopUpRow): TopUp => ({
  id: row.id,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  checkoutUrl: row.status === "OPEN" ? row.checkoutUrl : null,
  createdDate: row.createdAt.toISOString(),
  settledDate: row.settledAt?.toISOString() ?? null,
});

/** The SDK's failures, said to the person: nothing was charged, try again. */
function providerFailure(error: unknown, log: FastifyBaseLogger): never {
  log.error({ err: error }, "payment provider call failed");
  throw serviceUnavailable(60, MONEY_MESSAGES.providerUnavailable);
}

/**
 * Top-ups through the provider's hosted checkout (docs/money.md#paying). The wallet is credited
 * only by the signed webhook, once per checkout session (the ledger's unique reference), whatever
 * order events arrive in and however often.
 */
export function createTopUps(deps: {
  db: Db;
  config: Config;
  provider: PaymentProvider | null;
  log: FastifyBaseLogger;
}) {
  const { db, config, log } = deps;
  const currency = config.MONEY_CURRENCY;

  function requireProvider(): PaymentProvider {
    if (!deps.provider) throw new AppError("conflict", MONEY_MESSAGES.paymentsNotConfigured);
    return deps.provider;
  }

  /** The provider's customer for a wallet's owner, made once (the provider's key makes retries safe). */
  async function customerFor(provider: PaymentProvider, owner: WalletOwner, email: string): Promise<string> {
    const ownerKey = walletOwnerKey(owner);
    const [known] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.ownerKey, ownerKey));
    if (known) return known.customerId;
    const customer = await provider.stripe.customers
      .create(
        { email, name: owner.name, metadata: { ownerKey } },
        { idempotencyKey: `flipside-customer-${ownerKey}` },
      )
      .catch((error: unknown) => providerFailure(error, log));
    await db.insert(paymentCustomers).values({ ownerKey, customerId: customer.id }).onConflictDoNothing();
    const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.ownerKey, ownerKey));
    return row?.customerId ?? customer.id;
  }

  /** Books a paid checkout session into the wallet, once. */
  async function settle(tx: Db, session: Stripe.Checkout.Session): Promise<void> {
    const ownerKind = session.metadata?.ownerKind;
    const ownerId = session.metadata?.ownerId;
    if (
      session.metadata?.purpose !== "TOP_UP" ||
      (ownerKind !== "USER" && ownerKind !== "ORGANIZATION") ||
      !ownerId
    ) {
      return;
    }
    // What was paid, not what was asked for: the provider's total in the provider's currency.
    const amount = session.amount_total ?? 0;
    if (session.currency?.toUpperCase() !== currency || amount <= 0) {
      log.error(
        { session: session.id, currency: session.currency, amount },
        "top-up paid in another currency: not booked",
      );
      return;
    }
    let transactionId = (await findByReference(tx, "TOP_UP", session.id))?.id;
    if (!transactionId) {
      const owner = { kind: ownerKind, id: ownerId } as const;
      const wallet = await walletAccount(tx, owner, currency);
      const clearing = await platformAccount(tx, "PROVIDER_CLEARING", currency);
      transactionId = (
        await postTransaction(tx, {
          kind: "TOP_UP",
          currency,
          description: "Top-up by card",
          reference: session.id,
          actorId: session.metadata?.createdBy ?? null,
          postings: [
            { accountId: clearing.id, amount: -amount },
            { accountId: wallet.id, amount },
          ],
        })
      ).id;
    }
    const now = new Date();
    await tx
      .insert(topUps)
      .values({
        sessionId: session.id,
        ownerKey: walletOwnerKey({ kind: ownerKind, id: ownerId }),
        userId: ownerKind === "USER" ? ownerId : null,
        organizationId: ownerKind === "ORGANIZATION" ? ownerId : null,
        amount,
        currency,
        status: "PAID",
        transactionId,
        settledAt: now,
      })
      .onConflictDoUpdate({
        target: topUps.sessionId,
        set: { status: "PAID", amount, transactionId, settledAt: now },
      });
  }

  return {
    configured: () => deps.provider !== null,
    provider: deps.provider,

    /** Opens a checkout for `amount` into the owner's wallet (already checked by the caller). */
    async start(input: {
      owner: WalletOwner;
      amount: number;
      startedBy: { id: string; email: string };
      /** The caller's Idempotency-Key: the provider gets it too, so a retry opens no second checkout. */
      key: string;
      origin: string;
      returnTo?: { domain: string; plan: PaidPlanId } | undefined;
    }): Promise<TopUp> {
      const provider = requireProvider();
      const { TOP_UP_MIN_MINOR: min, TOP_UP_MAX_MINOR: max } = config;
      if (input.amount < min || input.amount > max) {
        const message = `Top up between ${formatMoney(min, currency)} and ${formatMoney(max, currency)}.`;
        throw validationFailed([{ field: "amount", message }], message);
      }
      const customer = await customerFor(provider, input.owner, input.startedBy.email);
      // Back where the person came from: the wallet, or the checkout the money is for.
      const backPath = input.returnTo
        ? `/profile/websites/${input.returnTo.domain}/checkout?plan=${input.returnTo.plan}&`
        : input.owner.kind === "ORGANIZATION"
          ? `/profile/wallet?organizationId=${input.owner.id}&`
          : "/profile/wallet?";
      const metadata = {
        purpose: "TOP_UP",
        ownerKind: input.owner.kind,
        ownerId: input.owner.id,
        createdBy: input.startedBy.id,
      };
      const session = await provider.stripe.checkout.sessions
        .create(
          {
            mode: "payment",
            customer,
            client_reference_id: walletOwnerKey(input.owner),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: currency.toLowerCase(),
                  unit_amount: input.amount,
                  product_data: {
                    name: "Flipside wallet top-up",
                    description: `Wallet of ${input.owner.name}`,
                  },
                },
              },
            ],
            metadata,
            payment_intent_data: { metadata },
            success_url: `${input.origin}${backPath}topUp={CHECKOUT_SESSION_ID}`,
            cancel_url: `${input.origin}${backPath}topUp=cancelled`,
          },
          { idempotencyKey: `flipside-top-up-${input.startedBy.id}-${input.key}` },
        )
        .catch((error: unknown) => providerFailure(error, log));
      if (!session.url) providerFailure(new Error(`checkout session ${session.id} has no url`), log);
      await db
        .insert(topUps)
        .values({
          sessionId: session.id,
          checkoutUrl: session.url,
          ownerKey: walletOwnerKey(input.owner),
          userId: input.owner.kind === "USER" ? input.owner.id : null,
          organizationId: input.owner.kind === "ORGANIZATION" ? input.owner.id : null,
          amount: input.amount,
          currency,
          createdBy: input.startedBy.id,
        })
        .onConflictDoNothing();
      const [row] = await db.select().from(topUps).where(eq(topUps.sessionId, session.id));
      if (!row) throw new Error(`top-up of session ${session.id} missing right after it was written`);
      return present(row);
    },

    /** A top-up into one of the wallets the caller may see, by its id or its checkout session. */
    async find(owner: { kind: WalletOwnerKind; id: string }, idOrSession: string): Promise<TopUp> {
      const byId = z.uuid().safeParse(idOrSession).success;
      const [row] = await db
        .select()
        .from(topUps)
        .where(
          and(
            eq(topUps.ownerKey, walletOwnerKey(owner)),
            byId ? eq(topUps.id, idOrSession) : eq(topUps.sessionId, idOrSession),
          ),
        );
      if (!row) throw notFound(MONEY_MESSAGES.topUpNotFound);
      return present(row);
    },

    /**
     * One verified provider event, handled once: its id is kept in the same transaction as what it
     * changed, so a delivery that comes again finds it and changes nothing.
     */
    async handle(event: Stripe.Event): Promise<"handled" | "duplicate"> {
      return db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(paymentEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (!fresh) return "duplicate";
        switch (event.type) {
          case "checkout.session.completed":
          case "checkout.session.async_payment_succeeded":
            if (event.data.object.payment_status === "paid") await settle(tx, event.data.object);
            break;
          case "checkout.session.expired":
          case "checkout.session.async_payment_failed":
            // Never undoes a payment: a top-up already PAID stays so, whatever arrives after.
            await tx
              .update(topUps)
              .set({ status: "EXPIRED", settledAt: new Date() })
              .where(and(eq(topUps.sessionId, event.data.object.id), eq(topUps.status, "OPEN")));
            break;
          default:
            break;
        }
        return "handled";
      });
    },
  };
}

export type TopUps = ReturnType<typeof createTopUps>;
