import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compactBuffer, compactBufferFrom, compactBuffers } from "./compact-buffer.ts";

describe("compact buffers", () => {
  it("copies a slice of a larger allocation into memory of its own", () => {
    const deflated = deflateRawSync(Buffer.from("a short text"));
    expect(deflated.buffer.byteLength).toBeGreaterThan(deflated.length); // zlib's output chunk
    const own = compactBuffer(deflated);
    expect(own.equals(deflated)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    expect(compactBuffer(own)).toBe(own);
  });

  it("encodes text into a buffer of exactly its bytes", () => {
    const own = compactBufferFrom("héllo");
    expect(own.toString()).toBe("héllo");
    expect(own.buffer.byteLength).toBe(6);
  });

  it("joins buffers into one allocation and answers views of it", () => {
    const views = compactBuffers([Buffer.from("ab"), Buffer.from(""), Buffer.from("cde")]);
    expect(views.map(String)).toEqual(["ab", "", "cde"]);
    expect(new Set(views.map((v) => v.buffer)).size).toBe(1);
    expect(views[0]?.buffer.byteLength).toBe(5);
  });
});
