import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import negotiate from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import { SESSION_COOKIE, SHOWS_PAGE_HEADER } from "@flipside/contracts/constants";
import type { PublicConfig, WebLoadContext } from "@flipside/contracts/public-config";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import pLimit from "p-limit";
import { createRequestHandler, type ServerBuild } from "react-router";
import { gzipStreamed } from "../lib/gzip-streamed.ts";
import { type HtmlCache, type PageEncoding, servePage } from "../lib/html-cache.ts";
import { carriesCredentials } from "./auth.ts";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE, sendProblem } from "./errors.ts";
import { mustReadFresh } from "./invalidation.ts";

const FORWARDED = ["cookie", "authorization", "user-agent", "accept-language"];
/** What a shared render's loaders may see: nothing that says who asked. */
const ANONYMOUS_FORWARDED = ["user-agent", "accept-language"];

function toWebRequest(request: FastifyRequest, reply: FastifyReply, anonymous: boolean): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (anonymous && (key === "cookie" || key === "authorization")) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  // A POST without a body has nothing for the content-type parser to hand over.
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body instanceof Readable;
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Serves the React Router build: static assets, then server rendering for every other
 * path outside /api. Loaders reach the API in-process through `context.api`.
 */
export async function webPlugin(
  app: FastifyInstance,
  opts: {
    buildDir: string;
    webRoot: string;
    publicConfig: PublicConfig;
    mode: string;
    dev: boolean;
    htmlCache: HtmlCache;
    renderConcurrency: number;
    renderQueueMax: number;
  },
) {
  if (opts.dev) {
    // `npm run dev`: Vite in middleware mode compiles on demand with hot reload.
    const [{ createServer }, { default: middie }] = await Promise.all([
      import("vite"),
      import("@fastify/middie"),
    ]);
    const vite = await createServer({
      root: opts.webRoot,
      configFile: join(opts.webRoot, "vite.config.ts"),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    app.addHook("onClose", () => vite.close());
    await app.register(middie);
    app.use(vite.middlewares);
    const handle = createRequestHandler(
      () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      "development",
    );
    registerRenderer(app, opts, handle);
    return;
  }
  const serverEntry = join(opts.buildDir, "server", "index.js");
  if (!existsSync(serverEntry)) {
    app.log.warn(`No web build at ${opts.buildDir}: run "npm run build" to serve pages.`);
    app.get("/", async (_req, reply) =>
      reply
        .type("text/plain")
        .send('Flipside API is running; the web build is missing. Run "npm run build".'),
    );
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, opts.mode);

  await app.register(fastifyStatic, {
    root: join(opts.buildDir, "client"),
    prefix: "/",
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    setHeaders(res, path) {
      if (path.includes(`${join("client", "assets")}`)) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      } else if (path.endsWith("latest.json")) {
        res.header("cache-control", "no-cache");
      }
    },
  });

  registerRenderer(app, opts, handle);
}

/** Whether any of a render's API calls answered 503 (the database out of reach). */
interface RenderState {
  unavailable: boolean;
}

const BUSY = "Flipside is very busy right now. Please try again in a moment.";
/** Shed load costs nothing to answer: no render, no script, the page reloads itself shortly. */
const BUSY_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="5"><title>Busy · Flipside</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.5rem">503</h1><p>${BUSY}</p></body></html>`;

/** A page render for nobody in particular: the same HTML for every anonymous visitor. */
function isAnonymousRead(request: FastifyRequest) {
  return (request.method === "GET" || request.method === "HEAD") && !carriesCredentials(request);
}

/**
 * A page view asked for by a signed-in browser: rendered as for nobody in particular (no
 * credentials reach its loaders) and shared by every such viewer; the browser fills in who it is
 * and their own votes and notes after hydration (docs/caches.md). The document and the router's
 * data requests for it (`/_root.data?url=…`) alike.
 */
function isSharedPageView(request: FastifyRequest) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.authorization || !request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return false;
  const query = request.url.indexOf("?");
  if (query < 0) return false;
  const path = request.url.slice(0, query);
  return (path === "/" || path === "/_root.data") && new URLSearchParams(request.url.slice(query)).has("url");
}

/**
 * A shared page view, unless its viewer's lists are their own: a person with blocks sees the page
 * without the people on the other side (docs/blocks.md), so theirs is rendered for them. The
 * viewer is remembered for a few seconds, so this costs a page view no query in a burst.
 */
async function rendersShared(request: FastifyRequest): Promise<boolean> {
  if (!isSharedPageView(request)) return false;
  // Without the database the render answers its own error page; this must not fail first.
  const viewer = await request.viewer().catch(() => null);
  return !viewer?.hasBlocks;
}

/** The cache key of a shared page view: its HTML differs from the anonymous one (the header waits for its viewer). */
const SHARED_KEY_SUFFIX = "\u0000viewer";

/** The page a render shows (its loader said so): the cache's business, taken off the response. */
function takeShownPage(response: Response): string | undefined {
  const shows = response.headers.get(SHOWS_PAGE_HEADER) ?? undefined;
  response.headers.delete(SHOWS_PAGE_HEADER);
  return shows;
}

function pageEncoding(request: FastifyRequest): PageEncoding {
  const accepted = request.headers["accept-encoding"];
  return accepted && negotiate(accepted, ["gzip", "identity"]) === "gzip" ? "gzip" : "identity";
}

function registerRenderer(
  app: FastifyInstance,
  opts: {
    publicConfig: PublicConfig;
    htmlCache: HtmlCache;
    renderConcurrency: number;
    renderQueueMax: number;
  },
  handle: ReturnType<typeof createRequestHandler>,
) {
  const { publicConfig, htmlCache } = opts;
  // A render is CPU and memory: fifty at once take as long in all as a few at a time, but hold
  // fifty trees and pages in memory together, and each waits behind all the others. So a few
  // run and the rest wait their turn (cache hits never wait); past the queue's bound, 503.
  const renderSlots = pLimit(opts.renderConcurrency);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  // A render whose visitor hung up is no longer an in-flight request, yet its loaders may still
  // be querying (and background renders have no request at all): the database closes (a later
  // onClose hook) only once every render has ended.
  const rendering = new Set<Promise<unknown>>();
  const track = (done: Promise<unknown>) => {
    rendering.add(done);
    done.finally(() => rendering.delete(done)).catch(() => {});
    return done;
  };
  app.addHook("onClose", async () => {
    await Promise.allSettled(rendering);
  });

  /**
   * What a render's loaders get: the API in-process, as this visitor (or as nobody, `shared`).
   * `state` learns whether the API answered 503 (its database out of reach) to any of them.
   */
  const contextFor = (
    request: FastifyRequest,
    nonce: string,
    shared: boolean,
    state: RenderState,
  ): WebLoadContext => {
    const forwarded: Record<string, string> = {};
    for (const h of shared ? ANONYMOUS_FORWARDED : FORWARDED) {
      const v = request.headers[h];
      if (typeof v === "string") forwarded[h] = v;
    }
    // The API sees the visitor's address (per-IP rate limits), not the loopback.
    const remoteAddress = request.ip;
    return {
      cspNonce: nonce,
      config: publicConfig,
      ...(shared ? { viewerPending: true } : {}),
      async api(path, init = {}) {
        // Once one call found the database out of reach, the page is the error page: the rest
        // need not wait for it too.
        if (state.unavailable) {
          return Response.json(
            {
              type: "about:blank",
              title: "Service Unavailable",
              status: 503,
              code: "unavailable",
              detail: DATABASE_UNAVAILABLE,
            },
            { status: 503, headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } },
          );
        }
        const res = await app.inject({
          method: (init.method ?? "GET") as "GET",
          url: path.startsWith("/api") ? path : `/api${path}`,
          remoteAddress,
          headers: {
            ...forwarded,
            ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
            ...init.headers,
          },
          ...(init.body !== undefined ? { payload: init.body } : {}),
        });
        if (res.statusCode === 503) state.unavailable = true;
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          if (v === undefined) continue;
          for (const item of Array.isArray(v) ? v : [String(v)]) headers.append(k, item);
        }
        const bodyless = res.statusCode === 204 || res.statusCode === 304;
        return new Response(bodyless ? null : res.rawPayload, { status: res.statusCode, headers });
      },
    };
  };

  const queueFull = () =>
    renderSlots.activeCount >= renderSlots.concurrency && renderSlots.pendingCount >= opts.renderQueueMax;

  /**
   * Renders a cached page again with nobody waiting for it (the cache serves the previous render
   * meanwhile, HtmlCache.get's `refresh`). Only renders that are the same for everyone are cached,
   * so it is rendered as for nobody in particular.
   */
  const refreshInBackground = (request: FastifyRequest, key: string, shared: boolean) => {
    if (queueFull()) {
      // The next request past the TTL asks again.
      htmlCache.abandon(key);
      return;
    }
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    const headers = new Headers({ accept: request.headers.accept ?? "text/html" });
    const nonce = randomBytes(16).toString("base64");
    const state: RenderState = { unavailable: false };
    const context = contextFor(request, nonce, shared, state);
    const renderAgain = async () => {
      const ticket = htmlCache.ticket();
      const response = await handle(new Request(url, { headers }), context as never);
      const shows = takeShownPage(response);
      // A render whose loaders could not reach the database keeps the previous one showing.
      const incomplete = state.unavailable || response.status !== 200;
      if (incomplete || !response.body || response.headers.getSetCookie().length > 0) {
        await response.body?.cancel();
        htmlCache.abandon(key);
        return;
      }
      const page = {
        status: 200,
        headers: Object.fromEntries(response.headers),
        body: await response.text(),
      };
      htmlCache.set(key, nonce, page, { ticket, ...(shows ? { page: shows } : {}) });
    };
    track(
      renderSlots(renderAgain).catch((error: unknown) => {
        htmlCache.abandon(key);
        app.log.error({ err: error, url: request.url }, "background page render failed");
      }),
    );
  };

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const shared = await rendersShared(request);
    const state: RenderState = { unavailable: false };
    const context = contextFor(request, reply.pageNonce, shared, state);
    // Someone who has just written reads past the cache (plugins/invalidation.ts).
    const cacheable = htmlCache.enabled && !mustReadFresh() && (shared || isAnonymousRead(request));
    const key = shared ? request.url + SHARED_KEY_SUFFIX : request.url;
    const encoding = pageEncoding(request);
    reply.header("vary", "Accept-Encoding");
    if (cacheable) {
      const hit = htmlCache.get(key, reply.pageNonce, encoding);
      if (hit) {
        if (hit.refresh) refreshInBackground(request, key, shared);
        reply
          .status(hit.status)
          .headers(hit.headers)
          .header("x-page-cache", hit.stale ? "stale" : "hit");
        if (hit.encoding === "gzip") reply.header("content-encoding", "gzip");
        return reply.send(request.method === "HEAD" ? undefined : hit.body);
      }
    }
    if (queueFull()) {
      if (cacheable) htmlCache.abandon(key);
      reply.header("retry-after", "1").header("cache-control", "no-store");
      if (negotiate(request.headers.accept ?? "", ["application/json", "text/html"]) === "text/html") {
        return reply.status(503).type("text/html; charset=utf-8").send(BUSY_PAGE);
      }
      return sendProblem(reply, request, { status: 503, code: "unavailable", detail: BUSY });
    }
    return renderSlots(() =>
      renderPage(request, reply, context, state, { cacheable, key, shared }, encoding),
    );
  };

  const renderPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    context: WebLoadContext,
    state: RenderState,
    { cacheable, key, shared }: { cacheable: boolean; key: string; shared: boolean },
    encoding: PageEncoding,
  ) => {
    const ticket = htmlCache.ticket();
    let response: Response;
    try {
      response = await handle(toWebRequest(request, reply, shared), context as never);
      if (state.unavailable && (request.method === "GET" || request.method === "HEAD")) {
        // Loaders that show an empty list for a failed call would make an outage look like an
        // empty Flipside: the page is rendered again as the error page, and answers 503.
        await response.body?.cancel();
        response = await handle(toWebRequest(request, reply, shared), {
          ...context,
          unavailable: DATABASE_UNAVAILABLE,
        } as never);
        if (cacheable) htmlCache.abandon(key);
        cacheable = false;
        reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS)).header("cache-control", "no-store");
      }
    } catch (e) {
      if (cacheable) htmlCache.abandon(key);
      throw e;
    }
    reply.status(state.unavailable && response.status < 500 ? 503 : response.status);
    // Pages take no submissions of their own (every write is an API call): React Router answers
    // other methods 405, and the answer names the methods that work.
    if (response.status === 405) reply.header("allow", "GET, HEAD");
    const shows = takeShownPage(response);
    for (const [key, value] of response.headers) {
      if (key === "set-cookie") continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    if (!response.body || request.method === "HEAD") {
      if (cacheable) htmlCache.abandon(key);
      return reply.send();
    }
    if (cacheable && response.status === 200 && cookies.length === 0) {
      const html = await response.text();
      const prepared = htmlCache.set(
        key,
        reply.pageNonce,
        { status: response.status, headers: Object.fromEntries(response.headers), body: html },
        { ticket, ...(shows ? { page: shows } : {}) },
      );
      reply.header("x-page-cache", "miss");
      // Its own request has the HTML already: only gzip needs the prepared page.
      if (encoding === "identity") return reply.send(html);
      return reply.header("content-encoding", "gzip").send(servePage(prepared, reply.pageNonce, "gzip").body);
    }
    if (cacheable) htmlCache.abandon(key);
    // The slot goes once the loaders have run and the shell is rendered (no route defers data, so
    // that is nearly the whole page): a slow reader downloading it must not hold a turn.
    const body = Readable.fromWeb(response.body as never);
    if (encoding === "identity") return reply.send(body);
    // A length the route may have given was that of the plain body.
    reply.removeHeader("content-length");
    return reply.header("content-encoding", "gzip").send(gzipStreamed(body));
  };

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    // Pages pick their own encoding (spliced gzip for cached ones, decision 006).
    compress: false,
    handler(request, reply) {
      return track(render(request, reply));
    },
  });
}
