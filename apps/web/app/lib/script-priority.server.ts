import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from('<link rel="modulepreload" fetchpriority="low"');
const HEAD_END = Buffer.from("</head>");
const TAG_START = "<".charCodeAt(0);

function lower(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(PRELOAD); at !== -1; at = bytes.indexOf(PRELOAD, from)) {
    parts.push(bytes.subarray(from, at), LOW);
    from = at + PRELOAD.length;
  }
  if (from === 0) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/**
 * Marks the page's module preloads low priority, in the head of the streamed HTML. The first
 * paint needs the HTML and the stylesheet only (the scripts are modules, never render-blocking),
 * but at their default high priority some 30 preloads share a slow connection with the
 * stylesheet and hold the first paint back (issue 14: Lighthouse's simulated slow 4G counted
 * them on its critical path). React Router's `<Scripts>` has no prop for it, so the markup is
 * rewritten as it streams, byte by byte (a chunk may end inside a character or a tag); after
 * `</head>` the stream passes through untouched.
 */
export function lowPriorityPreloads(onEnd: () => void): Transform {
  let inHead = true;
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (!inHead) {
        callback(null, bytes);
        return;
      }
      const text = carry.length ? Buffer.concat([carry, bytes]) : bytes;
      const end = text.indexOf(HEAD_END);
      if (end !== -1) {
        inHead = false;
        carry = Buffer.alloc(0);
        callback(null, Buffer.concat([lower(text.subarray(0, end)), text.subarray(end)]));
        return;
      }
      // Keep back the last tag, which the chunk boundary may have cut in two ("<" is never part
      // of a multi-byte character).
      const lastTag = text.lastIndexOf(TAG_START);
      const safe = lastTag === -1 ? text.length : lastTag;
      carry = Buffer.from(text.subarray(safe));
      callback(null, lower(text.subarray(0, safe)));
    },
    flush(callback: TransformCallback) {
      onEnd();
      callback(null, lower(carry));
    },
  });
}
