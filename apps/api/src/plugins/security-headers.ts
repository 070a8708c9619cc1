import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

declare module "fastify" {
  interface FastifyReply {
    /** Nonce for the inline scripts of a server-rendered page. */
    pageNonce: string;
  }
}

export function pageCsp(nonce: string, frameAncestors: string[]) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(" ")}`,
  ].join("; ");
}

const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

/**
 * Headers that mean something only on a document (or to browsers long gone). A page view asks for
 * some thirty hashed scripts; on each of them these were half the headers (issue 14).
 */
const DOCUMENT_ONLY = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];
/** Hashed build files: scripts and styles are never documents, so they need no CSP either. */
const isAsset = (url: string) => url.startsWith("/assets/");
const isScriptOrStyle = (type: string) => type.includes("javascript") || type.startsWith("text/css");

/**
 * Helmet's defaults for the many small headers, worked out once. They are the same on every
 * answer, so a request gets them in one call; @fastify/helmet built a new helmet middleware on
 * every request, a few percent of a signed-in list read (issue 14).
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's headers on every answer; CSP and HSTS are ours: pages need a per-request nonce, API
 * answers need none, and HSTS only means something over https.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { frameAncestors: string[] }) => {
    const common = helmetHeaders();
    app.decorateReply("pageNonce", "");
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(common);
      // Only pages carry inline scripts; API answers need no nonce.
      if (!request.url.startsWith("/api/")) reply.pageNonce = randomBytes(16).toString("base64");
      if (request.protocol === "https") {
        reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
      }
      done();
    });
    app.addHook("onSend", (request, reply, payload, done) => {
      const type = String(reply.getHeader("content-type") ?? "");
      if (isAsset(request.url) && reply.statusCode < 400) {
        for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
        if (isScriptOrStyle(type)) {
          done(null, payload);
          return;
        }
      }
      if (!reply.hasHeader("content-security-policy")) {
        reply.header(
          "content-security-policy",
          reply.pageNonce && type.startsWith("text/html")
            ? pageCsp(reply.pageNonce, opts.frameAncestors)
            : API_CSP,
        );
      }
      done(null, payload);
    });
  },
  { name: "security-headers" },
);
