import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import Stripe from "stripe";

/**
 * A local server answering the few Stripe API endpoints Flipside uses, with Stripe's documented
 * object shapes (https://docs.stripe.com/api), so tests run the real SDK without reaching Stripe.
 * It also plays Stripe's hosted pages (checkout at `/pay/{session}`, the customer portal) and sends
 * webhooks signed with the SDK's own test-header helper. Nothing of it is in the product.
 */
export interface StripeServer {
  /** For STRIPE_API_URL. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the app under test's endpoint); set once the app listens. */
  webhookUrl: string | null;
  /** How long after the checkout page sends the person back its webhook goes (0: before). */
  webhookDelayMs: number;
  /** Saved cards are declined off session (as an empty or blocked card is). */
  declineCards: boolean;
  /** The payment intents made off session, newest last. */
  intents: Record<string, unknown>[];
  sessions: Map<string, Record<string, unknown>>;
  /** Completes a checkout as a paying person would, and delivers `checkout.session.completed`. */
  pay(sessionId: string): Promise<Response | null>;
  /** Lets a checkout lapse, and delivers `checkout.session.expired`. */
  expire(sessionId: string): Promise<Response | null>;
  /** An event as Stripe would send it about `object`. */
  event(type: string, object: Record<string, unknown>): Record<string, unknown>;
  /** Posts an event to the webhook URL, signed (or with the signature given). */
  deliver(event: Record<string, unknown>, signature?: string): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, message: string) =>
  json(res, status, { error: { type: "invalid_request_error", message } });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeServer(): Promise<StripeServer> {
  const secretKey = `sk_test_${randomBytes(16).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const sdk = new Stripe(secretKey);
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  /** Cards saved on each customer by a checkout with setup_future_usage, newest first. */
  const cards = new Map<string, Record<string, unknown>[]>();
  const intents: Record<string, unknown>[] = [];
  /** Checkouts made with setup_future_usage: paying them saves the card on the customer. */
  const savesCard = new Set<string>();
  /** Stripe's idempotency: a POST with a key seen before answers the first answer. */
  const answered = new Map<string, { status: number; body: unknown }>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stripe.local");
    const raw = req.method === "POST" ? await bodyOf(req) : "";
    try {
      // Stripe's hosted checkout page: a person pays or goes back.
      const pay = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (pay?.[1]) {
        const session = sessions.get(pay[1]);
        if (!session) return stripeError(res, 404, "No such checkout session");
        if (req.method === "POST") {
          const choice = new URLSearchParams(raw).get("choice");
          if (choice === "cancel") {
            res.writeHead(303, { location: String(session.cancel_url) });
            return res.end();
          }
          if (handle.webhookDelayMs > 0) {
            const sessionId = pay[1];
            setTimeout(() => void handle.pay(sessionId).catch(() => {}), handle.webhookDelayMs);
          } else {
            await handle.pay(pay[1]);
          }
          res.writeHead(303, {
            location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", String(session.id)),
          });
          return res.end();
        }
        const amount = new Intl.NumberFormat("en", {
          style: "currency",
          currency: String(session.currency).toUpperCase(),
        }).format(Number(session.amount_total) / 100);
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout (test)</title></head>
<body><main><h1>Pay ${escapeHtml(amount)}</h1><p>Test checkout for ${escapeHtml(String(session.id))}</p>
<form method="post"><button name="choice" value="pay" data-testid="stripe-pay">Pay ${escapeHtml(amount)}</button>
<button name="choice" value="cancel" data-testid="stripe-cancel">Back</button></form></main></body></html>`);
      }
      const portal = /^\/portal\/([^/]+)$/.exec(url.pathname);
      if (portal) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Billing portal (test)</title></head>
<body><main><h1>Payment methods</h1><a href="${escapeHtml(url.searchParams.get("return") ?? "/")}" data-testid="stripe-portal-return">Return</a></main></body></html>`);
      }
      if (!url.pathname.startsWith("/v1/")) {
        // The browser's own asks of the hosted pages (a favicon): nothing to show.
        res.writeHead(204);
        return res.end();
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return json(res, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      }
      const key = req.headers["idempotency-key"];
      const remembered =
        typeof key === "string" ? answered.get(`${req.method} ${url.pathname} ${key}`) : undefined;
      if (remembered) return json(res, remembered.status, remembered.body);
      const params = qs.parse(raw) as Record<string, unknown>;
      const answer = route(req.method ?? "GET", url.pathname, params, url);
      if (typeof key === "string" && req.method === "POST") {
        answered.set(`${req.method} ${url.pathname} ${key}`, answer);
      }
      return json(res, answer.status, answer.body);
    } catch (error) {
      return stripeError(res, 500, String(error));
    }
  });

  function route(
    method: string,
    path: string,
    params: Record<string, unknown>,
    url: URL,
  ): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        created: now(),
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const items = (params.line_items as Record<string, unknown>[] | undefined) ?? [];
      const first = items[0] as {
        quantity?: string;
        price_data?: { currency?: string; unit_amount?: string };
      };
      const amount = Number(first?.price_data?.unit_amount ?? 0) * Number(first?.quantity ?? 1);
      if (!params.success_url || !params.mode)
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "Missing required param" } },
        };
      const sessionId = id("cs");
      const session = {
        id: sessionId,
        object: "checkout.session",
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: params.cancel_url ?? null,
        client_reference_id: params.client_reference_id ?? null,
        created: now(),
        currency: first?.price_data?.currency ?? "eur",
        customer: params.customer ?? null,
        expires_at: now() + 86_400,
        livemode: false,
        metadata: params.metadata ?? {},
        mode: params.mode,
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        subscription: null,
        success_url: params.success_url,
        url: `${base}/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      const intentData = params.payment_intent_data as { setup_future_usage?: string } | undefined;
      if (intentData?.setup_future_usage) savesCard.add(sessionId);
      return { status: 200, body: session };
    }
    const got = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && got?.[1]) {
      const session = sessions.get(got[1]);
      return session
        ? { status: 200, body: session }
        : {
            status: 404,
            body: {
              error: { type: "invalid_request_error", message: `No such checkout.session: '${got[1]}'` },
            },
          };
    }
    const listed = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path);
    if (method === "GET" && listed?.[1]) {
      const data = (cards.get(listed[1]) ?? []).slice(0, Number(url.searchParams.get("limit") ?? 10));
      return { status: 200, body: { object: "list", data, has_more: false, url: path } };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const card = (cards.get(String(params.customer)) ?? []).find((c) => c.id === params.payment_method);
      if (!card) {
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", message: "No such PaymentMethod" } },
        };
      }
      const intent = {
        id: id("pi"),
        object: "payment_intent",
        amount: Number(params.amount),
        currency: params.currency,
        customer: params.customer,
        description: params.description ?? null,
        payment_method: params.payment_method,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
        status: handle.declineCards ? "requires_payment_method" : "succeeded",
      };
      intents.push(intent);
      if (handle.declineCards) {
        return {
          status: 402,
          body: {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "insufficient_funds",
              message: "Your card has insufficient funds.",
              payment_intent: intent,
            },
          },
        };
      }
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const portalId = id("bps");
      const back = String(params.return_url ?? "");
      return {
        status: 200,
        body: {
          id: portalId,
          object: "billing_portal.session",
          created: now(),
          customer: params.customer,
          livemode: false,
          return_url: back,
          url: `${base}/portal/${portalId}?${new URLSearchParams({ return: back })}`,
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${url.pathname})`,
        },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const handle: StripeServer = {
    url: base,
    secretKey,
    webhookSecret,
    webhookUrl: null,
    webhookDelayMs: 0,
    declineCards: false,
    intents,
    sessions,
    event(type, object) {
      return {
        id: id("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    async deliver(event, signature) {
      if (!handle.webhookUrl) throw new Error("set webhookUrl before delivering events");
      const payload = JSON.stringify(event);
      const header = signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      return fetch(handle.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      });
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: id("pi") });
      if (savesCard.has(sessionId) && typeof session.customer === "string") {
        const card = {
          id: id("pm"),
          object: "payment_method",
          type: "card",
          customer: session.customer,
          created: now(),
          livemode: false,
          card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 },
        };
        cards.set(session.customer, [card, ...(cards.get(session.customer) ?? [])]);
      }
      return handle.webhookUrl
        ? handle.deliver(handle.event("checkout.session.completed", { ...session }))
        : null;
    },
    async expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: "expired" });
      return handle.webhookUrl
        ? handle.deliver(handle.event("checkout.session.expired", { ...session }))
        : null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return handle;
}
