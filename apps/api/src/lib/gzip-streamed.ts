import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";

/**
 * Gzips a streamed render without holding it back: whatever React wrote in one turn of the
 * event loop is flushed as soon as the turn ends, so Suspense boundaries still arrive as they
 * resolve, while the compressor sees whole bursts rather than tiny chunks.
 */
export function gzipStreamed(source: Readable): Readable {
  const gzip = createGzip();
  let flushScheduled = false;
  const flushAfterTurn = new Transform({
    transform(chunk, _encoding, done) {
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(() => {
          flushScheduled = false;
          if (!gzip.writableEnded && !gzip.destroyed) gzip.flush();
        });
      }
      done(null, chunk);
    },
  });
  // An error in the render destroys the gzip stream, which ends the response.
  pipeline(source, flushAfterTurn, gzip).catch(() => {});
  return gzip;
}
