import ipaddr from "ipaddr.js";
import { z } from "zod";
import { isExtensionOriginEntry } from "./lib/extension-origins.ts";

const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");
const list = z.string().transform((v) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

/** `CC:percent` pairs as basis points per country ("FI:25.5" → FI: 2550), read as text, never as a float. */
function taxTable(pairs: string[]): Record<string, number> {
  const table: Record<string, number> = {};
  for (const pair of pairs) {
    const [country = "", percent = "0"] = pair.split(":");
    const [whole = "0", fraction = ""] = percent.split(".");
    table[country] = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  }
  return table;
}

/** proxy-addr's names for whole ranges, beside addresses and CIDR networks. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  try {
    if (entry.includes("/")) ipaddr.parseCIDR(entry);
    else ipaddr.parse(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * Every setting the server reads, parsed once at boot. Documented in README.md and
 * .env.example; a wrong value stops the process with a readable list.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_ORIGIN: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** Connections each instance keeps to the PostgreSQL server (DATABASE_URL): instances × this ≤ the server's max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  JWT_SECRET: optionalString.pipe(z.string().min(32).optional()),
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For, -Proto, -Host): the number
   * of proxies (`1`), or their addresses and networks (`10.0.0.0/8,127.0.0.1`, or `loopback`,
   * `linklocal`, `uniquelocal`). Unset or 0: none, the peer is the client. `true` is refused: it
   * would believe the left-most address, which any client can write.
   */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value, ctx): number | string[] | false => {
      const v = value.trim().toLowerCase();
      if (v === "" || v === "false" || v === "0") return false;
      if (/^\d{1,3}$/.test(v)) return Number(v);
      if (v === "true") {
        ctx.addIssue({
          code: "custom",
          message:
            "true would believe the left-most X-Forwarded-For address, which any client can write: give the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)",
        });
        return z.NEVER;
      }
      const entries = v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const wrong = entries.filter((entry) => !isProxyAddress(entry));
      if (wrong.length) {
        ctx.addIssue({
          code: "custom",
          message: `not a hop count, an address or a network: ${wrong.join(", ")} (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8,127.0.0.1)`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * On SIGTERM, how long /api/ready answers 503 while every request is still served, so the
   * balancer takes the instance out before it stops listening. Unset: 5 s with DATABASE_URL (a
   * server that may run beside others), 0 on the embedded database (one process by construction).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * How long after a write a browser's requests skip every cache (read-your-writes on any
   * instance: docs/deploy.md#caches). Unset: 0 on the embedded database (one process, whose own
   * caches drop a write's pages at once); with DATABASE_URL, 5 s with REDIS_URL (another instance
   * hears of the write within milliseconds) and the longest cache TTL without it.
   */
  READ_YOUR_WRITES_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** docs/extension.md#server: `chrome-extension://<id>` origins, or `moz-extension://*` for Firefox's. */
  EXTENSION_ORIGINS: list
    .pipe(
      z.array(
        z
          .string()
          .refine(
            isExtensionOriginEntry,
            "EXTENSION_ORIGINS: each entry is an extension's origin (chrome-extension://<id>) or its scheme with * (moz-extension://*)",
          ),
      ),
    )
    .default([]),
  /** The extension's store listings, for /extension's install button (docs/extension.md); unset: not listed. */
  EXTENSION_STORE_CHROMIUM_URL: optionalString.pipe(z.url({ protocol: /^https$/ }).optional()),
  EXTENSION_STORE_FIREFOX_URL: optionalString.pipe(z.url({ protocol: /^https$/ }).optional()),
  /** Addresses whose accounts are admins once activated (docs/admin.md); comma-separated. */
  ADMIN_EMAILS: list.default([]),
  /**
   * A closed beta (docs/joining.md): registration needs a valid invitation code or an approved beta
   * request. Off: codes are optional, and only recorded.
   */
  BETA_GATE: bool.default(false),
  /** Personal invitation codes each activated account has (docs/joining.md). */
  INVITATION_CODES_PER_ACCOUNT: z.coerce.number().int().min(0).max(100).default(5),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Flipside <no-reply@flipside.localhost>"),
  REDIS_URL: optionalString,
  /** The longest a Redis command may take before the caller falls back to this process. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(100),
  RATE_LIMIT_ENABLED: bool.default(true),
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().positive().default(20),
  /** Invitation code checks per IP a minute: codes are short enough to type, so guessing is limited. */
  RATE_LIMIT_INVITATION_CHECK_PER_IP: z.coerce.number().int().positive().default(30),
  /** Beta requests per IP an hour. */
  RATE_LIMIT_BETA_REQUEST_PER_IP: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_RESET_PER_IP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_RESET_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_RESEND_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_FLIP_PER_IP: z.coerce.number().int().positive().default(120),
  /** Searches and search-box suggestions per IP a minute (docs/search.md). */
  RATE_LIMIT_SEARCH_PER_IP: z.coerce.number().int().positive().default(240),
  /** Ad lookups (`GET /api/v1/advertisings`) per IP a minute: every page view asks once. */
  RATE_LIMIT_ADS_LOOKUP_PER_IP: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_CONTRIB_NEW_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_CONTRIB_NEW_PER_DAY: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_CONTRIB_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_VOTE_PER_MINUTE: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_UPLOAD_PER_HOUR: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_REPORTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Distinct trusted reporters whose open reports hide a contribution pending review (docs/moderation.md). */
  REPORT_AUTO_HIDE_REPORTERS: z.coerce.number().int().min(1).default(3),
  /** A reporter is trusted once their account has been activated this many days. */
  REPORT_TRUSTED_ACCOUNT_DAYS: z.coerce.number().int().min(0).default(7),
  PAGE_FETCH_ENABLED: bool.default(true),
  PAGE_FETCH_CONCURRENCY: z.coerce.number().int().positive().max(32).default(2),
  /**
   * Resolvers for website verification's DNS lookups (TXT records, and the addresses its HTTP
   * checks connect to): `1.1.1.1,9.9.9.9:53`. Unset: the system's.
   */
  DNS_SERVERS: list.default([]),
  DNS_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5_000),
  /** How often each instance looks for website checks that are due (docs/websites.md). */
  SITE_VERIFICATION_TICK_MS: z.coerce.number().int().min(100).default(60_000),
  /** A verified site's proof is checked again this often. */
  SITE_RECHECK_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60 * 1000),
  /** A verified site whose proof stays missing this long returns to PENDING. */
  SITE_PROOF_GRACE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60 * 1000),
  /** After a failed verification, how long Flipside keeps re-trying on its own (PLANNED). */
  SITE_RETRY_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(72 * 60 * 60 * 1000),
  /** The first re-try's wait; each next one waits twice as long, at most six hours. */
  SITE_RETRY_FIRST_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60 * 1000),
  /**
   * Tests only: website checks fetch `http://{host}:{port}/…` instead of `https://{host}/…` and may
   * reach loopback addresses, so a test's own servers can play a site. Refused in production.
   */
  SITE_VERIFICATION_HTTP_PORT: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65535).optional(),
  ),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * How long a page view's HTML is kept (docs/caches.md): it goes at once when its page changes
   * on this instance, so this bounds only what this instance cannot see (another instance's
   * writes). At most PAGE_CACHE_TTL_MS when that is shorter; 0 keeps page views to that TTL.
   */
  PAGE_VIEW_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Page renders at once per instance; more wait their turn (docs/caches.md). */
  RENDER_CONCURRENCY: z.coerce.number().int().positive().max(256).default(4),
  /** Renders that may wait; one more answers 503 with Retry-After instead of piling up memory. */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(500),
  UPLOAD_DIR: optionalString,
  /**
   * The operator's word that UPLOAD_DIR is one folder every instance sees (NFS, a shared volume).
   * Production on a PostgreSQL server with uploads on a local disk refuses to start without it.
   */
  UPLOAD_DIR_SHARED: bool.default(false),
  /** How often uploads never attached to a contribution (after 24 h) are removed; 0: never. */
  ATTACHMENT_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  /**
   * Trending (docs/discovery.md#trending): a page's score is (weighted activity in the last
   * TRENDING_WINDOW_HOURS − 1) / (hours since its latest activity + 2)^TRENDING_GRAVITY. Each
   * comment, reply, review, related page and vote counts its weight.
   */
  TRENDING_GRAVITY: z.coerce.number().min(0.1).max(5).default(1.8),
  TRENDING_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(72),
  TRENDING_WEIGHT_COMMENT: z.coerce.number().min(0).max(100).default(3),
  TRENDING_WEIGHT_REPLY: z.coerce.number().min(0).max(100).default(2),
  TRENDING_WEIGHT_REVIEW: z.coerce.number().min(0).max(100).default(4),
  TRENDING_WEIGHT_RELATED_PAGE: z.coerce.number().min(0).max(100).default(2),
  TRENDING_WEIGHT_VOTE: z.coerce.number().min(0).max(100).default(1),
  /** How often every trending score is brought up to date (their decay); 0: never (tests). */
  TRENDING_REFRESH_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  /**
   * The outbox (docs/outbox.md): how often each instance looks for domain events nobody handled
   * (its own writes wake it at once; this catches other instances' and a dead process's), and how
   * many tries an event gets before it is given up on. 0: never looks by itself (tests).
   */
  OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Live updates (docs/live.md): the streams one instance keeps open (one more answers 503), those
   * of one person across their tabs and devices (one more answers 429), and how often an idle
   * stream gets a heartbeat.
   */
  LIVE_MAX_STREAMS: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  LIVE_MAX_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(1_000).default(20),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(25_000),
  /**
   * Notification mails (docs/notifications.md#mails): the longest one SMTP exchange step may take
   * (a mail being sent is given four times this before another instance may try it again), and
   * the hour (UTC) from which each day's digests go out, looked for this often.
   */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
  /** How often the digest job looks for people whose digest is due (once across instances). */
  DIGEST_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(900_000),
  /**
   * Money (docs/money.md): the one ISO 4217 currency of every wallet and price, and what a top-up
   * may be, in minor units (cents for EUR): its least, its most and the amounts offered as buttons.
   */
  MONEY_CURRENCY: z
    .string()
    .default("EUR")
    .refine((v) => /^[A-Z]{3}$/.test(v) && Intl.supportedValuesOf("currency").includes(v), {
      message: "an ISO 4217 currency code such as EUR, USD or GBP",
    }),
  TOP_UP_MIN_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(500),
  TOP_UP_MAX_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(100_000),
  TOP_UP_PRESETS_MINOR: list
    .default(["1000", "2500", "5000", "10000"])
    .pipe(z.array(z.string().regex(/^\d{1,9}$/, "whole minor units, e.g. 1000,2500")).max(6))
    .transform((v) => v.map(Number)),
  /**
   * Plans (docs/money.md#plans): the monthly price of each paid plan per website, before tax, in minor
   * units; how long a plan whose renewal failed holds while it is tried again (every
   * BILLING_RETRY_HOURS); and how often renewals due are looked for (once across instances).
   */
  PLAN_PRO_PRICE_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(900),
  PLAN_BUSINESS_PRICE_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(2900),
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  BILLING_RETRY_HOURS: z.coerce.number().min(0.001).max(720).default(24),
  BILLING_RENEWAL_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
  /**
   * Tax by the buyer's country, `CC:percent` pairs (`DE:19,FI:25.5`); a country not listed pays
   * none. The default is the EU's standard VAT rates as of 2025: check them with your accountant.
   */
  TAX_RATES: list
    .default(
      "AT:20,BE:21,BG:20,CY:19,CZ:21,DE:19,DK:25,EE:24,ES:21,FI:25.5,FR:20,GR:24,HR:25,HU:27,IE:23,IT:22,LT:21,LU:17,LV:21,MT:18,NL:21,PL:23,PT:23,RO:21,SE:25,SI:22,SK:23".split(
        ",",
      ),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}:\d{1,2}(\.\d{1,2})?$/, "CC:percent pairs, e.g. DE:19,FI:25.5")))
    .transform((pairs) => taxTable(pairs)),
  /** The seller on every invoice. */
  SELLER_NAME: z.string().min(1).default("Flipside"),
  SELLER_ADDRESS: z.string().default(""),
  SELLER_TAX_ID: z.string().default(""),
  /** Invoice numbers read PREFIX-YEAR-000001. */
  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{1,10}$/, "1–10 capital letters or digits")
    .default("FS"),
  /**
   * Payments through Stripe (docs/money.md#paying): the secret API key and the webhook endpoint's
   * signing secret, both or neither. STRIPE_API_URL points the official SDK at another server
   * speaking Stripe's API (a local one in tests); unset: Stripe itself.
   */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path, not the host name; unset: on with an S3_ENDPOINT, off for AWS itself. */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v ? v === "true" || v === "1" : undefined)),
  HELP_CHAT_ID: optionalString,
  /**
   * A MaxMind-format (MMDB) country or city database: readers are placed by their address for
   * ads' geo fences (docs/ads.md#geo-fences). Unset: no reader has a place, and campaigns with
   * geo fences do not run (the screens say so).
   */
  GEOIP_DB: optionalString,
  /**
   * Signs the ads' decision tokens (beacons and clicks, docs/ads.md#serving); unset: derived from
   * the sessions' secret. Changing it makes the tokens of ads on screen worthless.
   */
  ADS_TOKEN_SECRET: optionalString.pipe(z.string().min(32).optional()),
  /** How long serving keeps the running campaigns before reading them again (other instances' changes). */
  ADS_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** How often campaigns' billed spend is settled into the ledger and their reserves topped up (0: never; tests). */
  ADS_SETTLE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** How often the bidding autopilot looks at each campaign (0: never; tests run it themselves). */
  ADS_AUTOPILOT_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  /** Clicks (conversions for a cost-per-conversion target) the autopilot learns from before it moves a bid. */
  ADS_AUTOPILOT_LEARNING_EVENTS: z.coerce.number().int().min(1).max(1000).default(50),
  /** One ad request in this many is kept (28 days) for media planning to replay (decision 042); 1: all. */
  ADS_REQUEST_SAMPLE_RATE: z.coerce.number().int().min(1).max(1000).default(10),
  /** A map tile address template ("https://tiles.example/{z}/{x}/{y}.png") for drawing geo fences; unset: places are typed. */
  MAP_TILE_URL: optionalString,
  /** Its attribution, shown on the map as the tile provider's terms ask. */
  MAP_TILE_ATTRIBUTION: optionalString,
  FACEBOOK_APP_ID: optionalString,
  /** With FACEBOOK_APP_ID: "Continue with Facebook" and the data-deletion callback (docs/sign-in-providers.md). */
  FACEBOOK_APP_SECRET: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SERVE_WEB: bool.default(true),
  /** Set by `npm run dev`: serve the web app through Vite with hot reload instead of the build. */
  WEB_DEV: bool.default(false),
});

export type Env = z.infer<typeof ConfigSchema>;

/** A provider people can sign in with (docs/sign-in-providers.md). */
export interface SignInProviderConfig {
  /** In paths and stored identities: facebook, google, or a generic OIDC name in lower case. */
  id: string;
  label: string;
  /** OpenID Connect by discovery, or Facebook's OAuth 2.0 with the Graph API (v18.0). */
  protocol: "oidc" | "facebook";
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export type Config = Env & {
  publicOrigin: string;
  /** SHUTDOWN_DRAIN_MS with its default filled in. */
  shutdownDrainMs: number;
  /** READ_YOUR_WRITES_SECONDS with its default filled in. */
  readYourWritesSeconds: number;
  uploadDir: string;
  signInProviders: SignInProviderConfig[];
};

const GENERIC_OIDC = /^OIDC_([A-Z0-9]+)_(ISSUER|CLIENT_ID|CLIENT_SECRET|LABEL)$/;
const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();

/**
 * Facebook (FACEBOOK_APP_ID + FACEBOOK_APP_SECRET), Google (GOOGLE_CLIENT_ID + _SECRET) and every
 * OIDC_<NAME>_ISSUER with its _CLIENT_ID and _CLIENT_SECRET (and an optional _LABEL). Half a
 * provider is an error, not a button that fails.
 */
function signInProvidersOf(
  env: Record<string, string | undefined>,
  c: Env,
): { providers: SignInProviderConfig[]; issues: string[] } {
  const providers: SignInProviderConfig[] = [];
  const issues: string[] = [];
  if (c.FACEBOOK_APP_SECRET) {
    if (!c.FACEBOOK_APP_ID) issues.push("FACEBOOK_APP_ID: required with FACEBOOK_APP_SECRET");
    else {
      providers.push({
        id: "facebook",
        label: "Facebook",
        protocol: "facebook",
        issuer: "https://www.facebook.com",
        clientId: c.FACEBOOK_APP_ID,
        clientSecret: c.FACEBOOK_APP_SECRET,
      });
    }
  }
  if (c.GOOGLE_CLIENT_ID || c.GOOGLE_CLIENT_SECRET) {
    if (!c.GOOGLE_CLIENT_ID || !c.GOOGLE_CLIENT_SECRET) {
      issues.push("GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: both are needed for Google sign-in");
    } else {
      providers.push({
        id: "google",
        label: "Google",
        protocol: "oidc",
        issuer: "https://accounts.google.com",
        clientId: c.GOOGLE_CLIENT_ID,
        clientSecret: c.GOOGLE_CLIENT_SECRET,
      });
    }
  }
  const generic = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(env)) {
    const match = GENERIC_OIDC.exec(key);
    if (!match?.[1] || !match[2] || !value) continue;
    const fields = generic.get(match[1]) ?? {};
    fields[match[2]] = value;
    generic.set(match[1], fields);
  }
  for (const [name, fields] of generic) {
    const id = name.toLowerCase();
    const missing = ["ISSUER", "CLIENT_ID", "CLIENT_SECRET"].filter((f) => !fields[f]);
    if (missing.length) {
      issues.push(...missing.map((f) => `OIDC_${name}_${f}: required for the ${id} sign-in provider`));
      continue;
    }
    if (providers.some((p) => p.id === id)) {
      issues.push(`OIDC_${name}_ISSUER: ${id} is already configured by its own settings`);
      continue;
    }
    let issuer: URL;
    try {
      issuer = new URL(fields.ISSUER ?? "");
    } catch {
      issues.push(`OIDC_${name}_ISSUER: give the issuer's URL`);
      continue;
    }
    // Plain http lets anyone on the path read the codes: tests and local issuers only.
    if (issuer.protocol !== "https:" && (issuer.protocol !== "http:" || c.NODE_ENV === "production")) {
      issues.push(`OIDC_${name}_ISSUER: must be an https URL`);
      continue;
    }
    providers.push({
      id,
      label: fields.LABEL ?? capitalized(name),
      protocol: "oidc",
      issuer: fields.ISSUER ?? "",
      clientId: fields.CLIENT_ID ?? "",
      clientSecret: fields.CLIENT_SECRET ?? "",
    });
  }
  return { providers, issues };
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "(env)"}: ${i.message}`));
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && c.DATABASE_URL && !c.JWT_SECRET) {
    throw new ConfigError(["JWT_SECRET: required in production with a DATABASE_URL (32+ characters)"]);
  }
  if (c.NODE_ENV === "production" && c.SITE_VERIFICATION_HTTP_PORT !== undefined) {
    throw new ConfigError([
      "SITE_VERIFICATION_HTTP_PORT: tests only (plain HTTP to loopback addresses); refused when NODE_ENV=production",
    ]);
  }
  if (c.TOP_UP_MIN_MINOR > c.TOP_UP_MAX_MINOR) {
    throw new ConfigError(["TOP_UP_MIN_MINOR: must not be above TOP_UP_MAX_MINOR"]);
  }
  if (Boolean(c.STRIPE_SECRET_KEY) !== Boolean(c.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError([
      "STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: both are needed for payments (the API key and the webhook endpoint's signing secret)",
    ]);
  }
  const signIn = signInProvidersOf(env, c);
  if (signIn.issues.length) throw new ConfigError(signIn.issues);
  // Half an S3 setup must not silently fall back to the local disk (or to ambient AWS credentials).
  const s3 = {
    S3_BUCKET: c.S3_BUCKET,
    S3_ACCESS_KEY_ID: c.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: c.S3_SECRET_ACCESS_KEY,
  };
  if (c.S3_ENDPOINT || Object.values(s3).some(Boolean)) {
    const missing = Object.keys(s3).filter((k) => !s3[k as keyof typeof s3]);
    if (missing.length) {
      throw new ConfigError(
        missing.map(
          (k) =>
            `${k}: required for S3 storage (S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together)`,
        ),
      );
    }
  }
  if (c.NODE_ENV === "production" && c.DATABASE_URL && !c.S3_BUCKET && !c.UPLOAD_DIR_SHARED) {
    throw new ConfigError([
      "UPLOAD_DIR: with DATABASE_URL several instances may serve one database, and a file uploaded to one instance's disk is missing on the others: keep uploads in an S3-compatible bucket (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT), or set UPLOAD_DIR_SHARED=true if UPLOAD_DIR is one folder every instance sees",
    ]);
  }
  return {
    ...c,
    shutdownDrainMs: c.SHUTDOWN_DRAIN_MS ?? (c.DATABASE_URL ? 5_000 : 0),
    readYourWritesSeconds:
      c.READ_YOUR_WRITES_SECONDS ??
      (!c.DATABASE_URL
        ? 0
        : c.REDIS_URL
          ? 5
          : Math.ceil(
              Math.max(c.PAGE_CACHE_TTL_MS, c.PAGE_VIEW_CACHE_TTL_MS, c.SESSION_CACHE_TTL_MS) / 1000,
            )),
    publicOrigin: (c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    uploadDir: c.UPLOAD_DIR ?? `${c.DATA_DIR}/uploads`,
    signInProviders: signIn.providers,
  };
}

/**
 * What works but is wrong for several instances or for production: logged at start. Nothing here
 * stops the process (one instance on a test machine is a fine way to run).
 */
export function startupWarnings(c: Config): string[] {
  const warnings: string[] = [];
  if (c.NODE_ENV === "production" && !c.SMTP_URL) {
    warnings.push(
      `SMTP_URL is not set: mail (activation, password resets, notifications) is written to ${c.DATA_DIR}/mail on this instance's disk and reaches nobody`,
    );
  }
  if (c.DATABASE_URL && !c.REDIS_URL) {
    warnings.push(
      "REDIS_URL is not set: rate limits count per process (each instance allows the whole limit), and another instance's writes show here only when caches expire (PAGE_CACHE_TTL_MS, PAGE_VIEW_CACHE_TTL_MS)",
    );
  }
  return warnings;
}

/** A config for tests: defaults with the given overrides. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SERVE_WEB: "false",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ...overrides,
  });
}
