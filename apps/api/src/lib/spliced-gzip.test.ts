import { randomBytes } from "node:crypto";
import { crc32, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, prepareSplicedGzip, spliceGzip } from "./spliced-gzip.ts";

describe("crc32Combine", () => {
  it("equals the CRC-32 of the concatenation", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [7, 24],
      [1000, 65_537],
      [300_000, 3],
    ] as const) {
      const x = randomBytes(a);
      const y = randomBytes(b);
      expect(crc32Combine(crc32(x), crc32(y), y.length)).toBe(crc32(Buffer.concat([x, y])));
    }
  });
});

describe("spliced gzip", () => {
  const page = (nonce: string) =>
    `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>${'<p class="prose">comment</p>'.repeat(2000)}<script nonce="${nonce}">2</script></body></html>`;

  it("decompresses to the page with the response's own nonce", () => {
    const render = "R".repeat(24);
    const stretches = page(render)
      .split(render)
      .map((s) => Buffer.from(s));
    const prepared = prepareSplicedGzip(stretches, 24);
    for (const nonce of ["a3Jk9+/Zx0Qm1bYw2cVnTg==", "other-nonce-of-24-chars!", "é".repeat(12)]) {
      const gz = spliceGzip(prepared, Buffer.from(nonce));
      // gunzipSync checks the CRC-32 and the length in the trailer.
      expect(gunzipSync(gz).toString()).toBe(page(nonce));
    }
  });

  it("compresses about as well as gzip of the whole page, however many nonces it holds", () => {
    const head = Array.from(
      { length: 60 },
      (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="NNNN"/>`,
    );
    const html = `<head>${head.join("")}</head>${page("NNNN")}`;
    const prepared = prepareSplicedGzip(
      html.split("NNNN").map((s) => Buffer.from(s)),
      4,
    );
    const spliced = spliceGzip(prepared, Buffer.from("abcd"));
    expect(gunzipSync(spliced).toString()).toBe(html.replaceAll("NNNN", "abcd"));
    // Each splice costs a few bytes of block framing, never a restart of the compression.
    const whole = gzipSync(html.replaceAll("NNNN", "abcd")).length;
    expect(spliced.length).toBeLessThan(whole + 30 * prepared.deflated.length);
  });

  it("refuses a filler of another length or with a NUL byte", () => {
    const prepared = prepareSplicedGzip([Buffer.from("a"), Buffer.from("b")], 2);
    expect(() => spliceGzip(prepared, Buffer.from("abc"))).toThrow(RangeError);
    expect(() => spliceGzip(prepared, Buffer.from("a\0"))).toThrow(RangeError);
  });

  it("handles a page without a nonce, non-ASCII text and binary-looking bytes", () => {
    const body = Buffer.concat([Buffer.from("héllo — 你好 "), randomBytes(70_000)]);
    expect(gunzipSync(spliceGzip(prepareSplicedGzip([body], 6), Buffer.from("unused")))).toEqual(body);
    const parts = [Buffer.from("a"), Buffer.alloc(0), Buffer.from("b")];
    expect(gunzipSync(spliceGzip(prepareSplicedGzip(parts, 3), Buffer.from("–"))).toString()).toBe("a––b");
  });
});
