import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

/** Checks the files route's byte ranges against the whole file, whatever the storage. */
export async function expectByteRanges(app: FastifyInstance, path: string) {
  const get = (range?: string) => app.inject({ url: path, headers: range ? { range } : {} });
  const whole = await get();
  expect(whole.statusCode).toBe(200);
  expect(whole.headers["accept-ranges"]).toBe("bytes");
  const bytes = whole.rawPayload;
  const size = bytes.length;
  expect(size).toBeGreaterThan(20);

  for (const [range, start, end] of [
    ["bytes=0-9", 0, 9],
    ["bytes=10-", 10, size - 1],
    ["bytes=-5", size - 5, size - 1],
    [`bytes=3-${size + 100}`, 3, size - 1],
  ] as const) {
    const part = await get(range);
    expect(part.statusCode, range).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
    expect(part.headers["content-length"]).toBe(String(end - start + 1));
    expect(part.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    expect(part.headers["x-content-type-options"]).toBe("nosniff");
  }

  const outside = await get(`bytes=${size}-`);
  expect(outside.statusCode).toBe(416);
  expect(outside.headers["content-range"]).toBe(`bytes */${size}`);
  expect(outside.headers["content-type"]).toContain("application/problem+json");

  // Ranges it does not serve (several, malformed, backwards) get the whole file, as HTTP allows.
  for (const range of ["bytes=0-1,4-5", "items=0-1", "bytes=9-2", "bytes=x-", "bytes=-"]) {
    const res = await get(range);
    expect(res.statusCode, range).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  }
}
