import { describe, expect, it } from "vitest";
import { scriptsAfterPaint } from "./scripts-after-paint.server.ts";
import { AFTER_PAINT_PRELOAD, AFTER_PAINT_TYPE } from "./scripts-after-paint.ts";

async function run(chunks: Buffer[]): Promise<{ html: string; ended: boolean }> {
  let ended = false;
  const stream = scriptsAfterPaint(() => {
    ended = true;
  });
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await done;
  return { html: Buffer.concat(out).toString(), ended };
}

const head =
  '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/x.js" nonce="n"/><link rel="modulepreload" href="/y.js" nonce="n"/></head>';
const body =
  '<body><p>&lt;link rel=&quot;modulepreload&quot; type=&quot;module&quot; async=&quot;&quot;&gt; café</p><script nonce="n">window.a=1</script><script nonce="n" type="module" async="">import * as route0 from "/r.js";</script>';
// After the route-modules script nothing is rewritten, whatever it looks like.
const tail = '<script nonce="n" type="module" async="">late()</script></body></html>';

describe("scriptsAfterPaint", () => {
  it("holds back the preloads and the route-modules script, however the bytes are cut, and nothing after them", async () => {
    const whole = Buffer.from(head + body + tail);
    const expected =
      head.replaceAll('<link rel="modulepreload"', `<link ${AFTER_PAINT_PRELOAD}="modulepreload"`) +
      body.replace(' type="module" async="">', ` type="${AFTER_PAINT_TYPE}">`) +
      tail;
    for (let size = 1; size <= whole.length; size += 3) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < whole.length; i += size) chunks.push(whole.subarray(i, i + size));
      const { html, ended } = await run(chunks);
      expect(html, `chunks of ${size}`).toBe(expected);
      expect(ended).toBe(true);
    }
  });

  it("passes a page without scripts through unchanged", async () => {
    const page = "<html><head></head><body><p>Offline</p></body></html>";
    expect((await run([Buffer.from(page)])).html).toBe(page);
  });
});
