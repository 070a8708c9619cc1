import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyReply } from "fastify";
import { compactBuffer } from "./compact-buffer.ts";

type Encoding = "br" | "gzip";

/** Compressed forms of cached answers, made once and dropped with the answer they belong to. */
const compressed = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function compress(json: Buffer, encoding: Encoding, quality: "best" | "fast"): Buffer {
  const fast = quality === "fast";
  return encoding === "br"
    ? brotliCompressSync(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: fast ? 1 : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
        },
      })
    : gzipSync(json, { level: fast ? 1 : 6 });
}

function compressShared(json: Buffer, encoding: Encoding): Buffer {
  let forms = compressed.get(json);
  if (!forms) {
    forms = {};
    compressed.set(json, forms);
  }
  forms[encoding] ??= compactBuffer(compress(json, encoding, "best"));
  return forms[encoding];
}

/**
 * Sends JSON that is already serialized (from the page cache). Fastify sends a Buffer body as it
 * is, without the route's response serializer: the cached value was validated against the same
 * response schema when it was serialized. The route's typed reply only accepts objects, hence
 * the plain FastifyReply. A cached answer is compressed once for all the clients that ask for
 * it compressed (the compress plugin leaves an answer that has its encoding alone). A `personal`
 * answer (one reader's votes written into a cached list) is sent once: it is compressed at the
 * fastest setting, a third of the best one's cost for a tenth more bytes, and not kept.
 */
export function sendSerialized(reply: unknown, json: Buffer, opts: { personal?: boolean } = {}) {
  const r = (reply as FastifyReply).type("application/json; charset=utf-8");
  if (json.length < 1024) return r.send(json);
  r.header("vary", "accept-encoding");
  const accepted = r.request.headers["accept-encoding"];
  const encoding = accepted ? negotiate<Encoding>(accepted, ["br", "gzip"]) : null;
  if (!encoding) return r.send(json);
  const body = opts.personal ? compress(json, encoding, "fast") : compressShared(json, encoding);
  return r.header("content-encoding", encoding).send(body);
}
