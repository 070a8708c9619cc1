import type { PaidPlanId } from "@flipside/contracts/billing-constants";
import type { SavedCard, TopUp, WalletOwner } from "@flipside/contracts/money";
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
import { type PaymentProvider, Stripe } from "./stripe.ts";

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

  /** The provider's customer of a wallet's owner, if one was made. */
  async function knownCustomer(owner: { kind: WalletOwnerKind; id: string }): Promise<string | null> {
    const [row] = await db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.ownerKey, walletOwnerKey(owner)));
    return row?.customerId ?? null;
  }

  /** The provider's customer for a wallet's owner, made once (the provider's key makes retries safe). */
  async function customerFor(provider: PaymentProvider, owner: WalletOwner, email: string): Promise<string> {
    const known = await knownCustomer(owner);
    if (known) return known;
    const ownerKey = walletOwnerKey(owner);
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

  /**
   * Money the provider took, into the owner's wallet from its clearing account, once per provider
   * reference (a checkout session or a payment intent): the ledger transaction's id.
   */
  async function bookTopUp(
    tx: Db,
    t: {
      owner: { kind: WalletOwnerKind; id: string };
      amount: number;
      reference: string;
      description: string;
      actorId: string | null;
    },
  ): Promise<string> {
    const booked = await findByReference(tx, "TOP_UP", t.reference);
    if (booked) return booked.id;
    const wallet = await walletAccount(tx, t.owner, currency);
    const clearing = await platformAccount(tx, "PROVIDER_CLEARING", currency);
    const posted = await postTransaction(tx, {
      kind: "TOP_UP",
      currency,
      description: t.description,
      reference: t.reference,
      actorId: t.actorId,
      postings: [
        { accountId: clearing.id, amount: -t.amount },
        { accountId: wallet.id, amount: t.amount },
      ],
    });
    return posted.id;
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
    const transactionId = await bookTopUp(tx, {
      owner: { kind: ownerKind, id: ownerId },
      amount,
      reference: session.id,
      description: "Top-up by card",
      actorId: session.metadata?.createdBy ?? null,
    });
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

  /** Books a payment by a saved card into the wallet, once (the ledger's unique reference). */
  async function settleCardPayment(tx: Db, intent: Stripe.PaymentIntent): Promise<void> {
    const ownerKind = intent.metadata?.ownerKind;
    const ownerId = intent.metadata?.ownerId;
    if (
      intent.metadata?.purpose !== "TOP_UP" ||
      intent.metadata?.source !== "SAVED_CARD" ||
      (ownerKind !== "USER" && ownerKind !== "ORGANIZATION") ||
      !ownerId ||
      intent.status !== "succeeded" ||
      intent.currency.toUpperCase() !== currency ||
      intent.amount <= 0
    ) {
      return;
    }
    await bookTopUp(tx, {
      owner: { kind: ownerKind, id: ownerId },
      amount: intent.amount,
      reference: intent.id,
      description: intent.description ?? "Top-up by saved card",
      actorId: null,
    });
  }

  /** The owner's card kept by the provider (saved by a top-up), the newest if several. */
  async function cardOf(provider: PaymentProvider, customer: string) {
    const cards = await provider.stripe.customers.listPaymentMethods(customer, { type: "card", limit: 1 });
    return cards.data[0] ?? null;
  }

  return {
    /**
     * The card a renewal may be charged to, if the owner saved one: `known` false when the provider
     * could not be asked (the page says so rather than "no card").
     */
    async savedCard(owner: {
      kind: WalletOwnerKind;
      id: string;
    }): Promise<{ known: boolean; card: SavedCard | null }> {
      const customer = deps.provider ? await knownCustomer(owner) : null;
      if (!deps.provider || !customer) return { known: true, card: null };
      try {
        const method = await cardOf(deps.provider, customer);
        const card = method?.card;
        return {
          known: true,
          card: card
            ? { brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year }
            : null,
        };
      } catch (error) {
        log.warn({ err: error }, "could not read a saved card from the payment provider");
        return { known: false, card: null };
      }
    },

    /** The provider's page where the owner adds, changes or removes saved cards; back to `returnUrl`. */
    async portal(owner: WalletOwner, email: string, returnUrl: string): Promise<string> {
      const provider = requireProvider();
      const customer = await customerFor(provider, owner, email);
      const session = await provider.stripe.billingPortal.sessions
        .create({ customer, return_url: returnUrl })
        .catch((error: unknown) => providerFailure(error, log));
      return session.url;
    },

    /**
     * Charges the owner's saved card `amount` into their wallet, off session (a renewal the wallet
     * cannot pay). `key` is the provider's idempotency key: the same attempt charges once, however
     * often it is made. Never inside a database transaction: it waits on the network.
     */
    async chargeSavedCard(
      owner: { kind: WalletOwnerKind; id: string },
      amount: number,
      key: string,
      description: string,
    ): Promise<"paid" | "declined" | "no-card" | "unavailable"> {
      const provider = deps.provider;
      const customer = provider ? await knownCustomer(owner) : null;
      if (!provider || !customer) return "no-card";
      try {
        const method = await cardOf(provider, customer);
        if (!method) return "no-card";
        const intent = await provider.stripe.paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            customer,
            payment_method: method.id,
            off_session: true,
            confirm: true,
            description,
            metadata: { purpose: "TOP_UP", source: "SAVED_CARD", ownerKind: owner.kind, ownerId: owner.id },
          },
          { idempotencyKey: `flipside-${key}` },
        );
        if (intent.status !== "succeeded") return "declined";
        await db.transaction((tx) => settleCardPayment(tx, intent));
        return "paid";
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return "declined";
        log.error({ err: error }, "charging a saved card failed");
        return "unavailable";
      }
    },

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
            // The card is kept with the provider for renewals the wallet cannot pay (docs/money.md#plans).
            payment_intent_data: { metadata, setup_future_usage: "off_session" },
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
          case "payment_intent.succeeded":
            // A saved-card payment whose answer was lost on the way: booked now, once.
            await settleCardPayment(tx, event.data.object);
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
