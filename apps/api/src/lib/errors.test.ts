import { describe, expect, it } from "vitest";
import { tooManyRequests, waitInWords } from "./errors.ts";

describe("waitInWords", () => {
  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [42.1, "43 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [3599, "60 minutes"],
    [3600, "1 hour"],
    [86_400, "24 hours"],
  ])("%s s is %s", (seconds, words) => {
    expect(waitInWords(seconds)).toBe(words);
  });
});

describe("tooManyRequests", () => {
  it("says when to try again and sends Retry-After in whole seconds", () => {
    const error = tooManyRequests(89.5);
    expect(error.message).toBe("Too many requests. Try again in 2 minutes.");
    expect(error.headers).toEqual({ "retry-after": "90" });
  });
});
