import { z } from "zod";

/** Settings the browser may see, handed to the web app by the server. */
export const PublicConfig = z.object({
  publicOrigin: z.string(),
  helpChatId: z.string().optional(),
  facebookAppId: z.string().optional(),
  /** BETA_GATE: sign-up needs an invitation code or an approved beta request (docs/joining.md). */
  betaGate: z.literal(true).optional(),
  /** Configured sign-in providers (docs/sign-in-providers.md): a button each; none, no buttons. */
  signInProviders: z.array(z.object({ id: z.string(), label: z.string() })).optional(),
  buildId: z.string().optional(),
  /** EXTENSION_STORE_*_URL: the extension's store listings, per browser (docs/extension.md). */
  extensionStores: z.object({ chromium: z.string().optional(), firefox: z.string().optional() }).optional(),
  /** GEOIP_DB is set: readers can be placed, so geo fences can serve (docs/ads.md). */
  geoIp: z.literal(true).optional(),
  /** MAP_TILE_URL: geo fences are drawn on a map of these tiles (docs/ads.md). */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).optional(),
  /** MONEY_CURRENCY: the ISO 4217 currency of every wallet and price (docs/money.md). */
  currency: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/** What the server hands to every React Router loader and action (in-process). */
export interface WebLoadContext {
  cspNonce: string;
  config: PublicConfig;
  /**
   * The render is shared by every viewer (a page view asked for with a session cookie): the
   * server forwards no credentials, so the page is rendered as for an anonymous visitor, and the
   * browser fills in its viewer after hydration (docs/caches.md).
   */
  viewerPending?: boolean;
  /**
   * The API could not reach its database for this render: the page is rendered again as the
   * error page with this message, and answers 503.
   */
  unavailable?: string;
  /**
   * Calls the Flipside API in-process, forwarding the visitor's cookie and headers. The body is
   * the request's text (JSON), as `fetch` would send it.
   */
  api(
    path: string,
    init?: { method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<Response>;
}
