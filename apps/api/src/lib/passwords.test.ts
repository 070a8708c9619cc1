import { describe, expect, it } from "vitest";
import {
  ARGON2_OPTIONS,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords.ts";

describe("passwords", () => {
  it("hashes with argon2id at the OWASP parameters, salted", async () => {
    const a = await hashPassword("Correct-Horse-9");
    const b = await hashPassword("Correct-Horse-9");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(a, "Correct-Horse-9")).toBe(true);
    expect(await verifyPassword(a, "correct-Horse-9")).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("normalises Unicode so the same visible password matches", async () => {
    const composed = "Caf\u00e9-Pass-9!";
    const decomposed = "Cafe\u0301-Pass-9!";
    const hash = await hashPassword(composed);
    expect(await verifyPassword(hash, decomposed)).toBe(true);
  });

  it("never throws on a malformed hash", async () => {
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
    expect(needsRehash("not-a-hash")).toBe(true);
  });

  it("flags weaker stored parameters for a rehash", () => {
    const weak =
      "$argon2id$v=19$m=4096,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$ZmFrZWhhc2hmYWtlaGFzaGZha2VoYXNoZmFrZWg";
    expect(needsRehash(weak)).toBe(true);
  });

  it("verifies unknown users against a dummy hash and always says no", async () => {
    expect(await verifyAgainstDummy("not-a-password-of-anyone")).toBe(false);
  });

  it("knows the 10,000 most common passwords, case-insensitively", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("P@ssw0rd")).toBe(true);
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("Correct-Horse-9")).toBe(false);
    // Rank 10,001 and beyond are not refused.
    expect(isCommonPassword("zz-not-common-zz")).toBe(false);
  });
});
