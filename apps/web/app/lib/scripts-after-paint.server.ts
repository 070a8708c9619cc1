import { Transform, type TransformCallback } from "node:stream";
import { AFTER_PAINT_PRELOAD, AFTER_PAINT_TYPE } from "./scripts-after-paint.ts";

const TAG_START = "<".charCodeAt(0);

/** What React Router's `<Scripts>` writes, and what it becomes. */
const PRELOAD = [
  Buffer.from('<link rel="modulepreload"'),
  Buffer.from(`<link ${AFTER_PAINT_PRELOAD}="modulepreload"`),
] as const;
/** The route-modules script comes last: after it the stream passes through untouched. */
const ROUTE_MODULES = [
  Buffer.from(' type="module" async="">'),
  Buffer.from(` type="${AFTER_PAINT_TYPE}">`),
] as const;

function replaceAll(text: Buffer, from: Buffer, to: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (let hit = text.indexOf(from); hit !== -1; hit = text.indexOf(from, at)) {
    parts.push(text.subarray(at, hit), to);
    at = hit + from.length;
  }
  if (at === 0) return text;
  parts.push(text.subarray(at));
  return Buffer.concat(parts);
}

function rewrite(bytes: Buffer): { bytes: Buffer; done: boolean } {
  const last = bytes.indexOf(ROUTE_MODULES[0]);
  const upTo = last === -1 ? bytes.length : last + ROUTE_MODULES[0].length;
  let text = bytes.subarray(0, upTo);
  for (const [from, to] of [PRELOAD, ROUTE_MODULES]) text = replaceAll(text, from, to);
  if (last === -1) return { bytes: text, done: false };
  return { bytes: Buffer.concat([text, bytes.subarray(upTo)]), done: true };
}

/**
 * Makes the page's scripts start after its first paint (decision 015). React Router's
 * `<Scripts>` writes one `<link rel="modulepreload">` per script into the head and a module
 * script at the end of the body that imports the route modules: the browser fetches and parses
 * some forty scripts while it waits for the stylesheet, and a phone paints later for it. Here
 * the preloads lose their `rel` and the module script its type, so the browser leaves both
 * alone; the boot script (`afterPaintScript`) brings them back once the first paint is shown.
 * React Router has no option for it, so the markup is rewritten as it streams, byte by byte (a
 * chunk may end inside a character or a tag); once the module script has gone by, the rest of
 * the stream passes through untouched. User text cannot match: React escapes `<` and `"`.
 */
export function scriptsAfterPaint(onEnd: () => void): Transform {
  let rewriting = true;
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!rewriting) {
        callback(null, bytes);
        return;
      }
      const text = carry.length ? Buffer.concat([carry, bytes]) : bytes;
      // Keep back the last tag, which the chunk boundary may have cut in two ("<" is never part
      // of a multi-byte character).
      const lastTag = text.lastIndexOf(TAG_START);
      const safe = lastTag === -1 ? text.length : lastTag;
      const out = rewrite(text.subarray(0, safe));
      carry = Buffer.from(text.subarray(safe));
      if (out.done) {
        rewriting = false;
        callback(null, Buffer.concat([out.bytes, carry]));
        carry = Buffer.alloc(0);
        return;
      }
      callback(null, out.bytes);
    },
    flush(callback: TransformCallback) {
      onEnd();
      callback(null, rewriting ? rewrite(carry).bytes : carry);
    },
  });
}
