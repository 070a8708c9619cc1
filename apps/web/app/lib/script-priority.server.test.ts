import { describe, expect, it } from "vitest";
import { lowPriorityPreloads } from "./script-priority.server.ts";

async function run(chunks: Buffer[]): Promise<{ html: string; ended: boolean }> {
  let ended = false;
  const stream = lowPriorityPreloads(() => {
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
  '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/x.js"/><link rel="modulepreload" href="/y.js"/></head>';
const body =
  '<body><p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/z.js"/></body></html>';
const low = (href: string) => `<link rel="modulepreload" fetchpriority="low" href="${href}"/>`;

describe("lowPriorityPreloads", () => {
  it("marks the head's module preloads low priority, however the bytes are cut, and nothing after the head", async () => {
    const whole = Buffer.from(head + body);
    const expected = head
      .replace('<link rel="modulepreload" href="/x.js"/>', low("/x.js"))
      .replace('<link rel="modulepreload" href="/y.js"/>', low("/y.js"));
    for (let size = 1; size <= whole.length; size += 3) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < whole.length; i += size) chunks.push(whole.subarray(i, i + size));
      const { html, ended } = await run(chunks);
      expect(html, `chunks of ${size}`).toBe(expected + body);
      expect(ended).toBe(true);
    }
  });
});
