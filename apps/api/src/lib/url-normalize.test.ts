import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { InvalidUrlError, normalizedUrlFilterValue, normalizeUrl, tryNormalizeUrl } from "./url-normalize.ts";

/** The rules themselves are tested with their one implementation, packages/contracts/src/url-normalize.test.ts. */
describe("normalizeUrl — refused inputs", () => {
  it.each(["", "ftp://example.com/", "http://localhost/", "https://xn--zz.com/", "https://<script>.com/"])(
    "%j",
    (input) => {
      expect(tryNormalizeUrl(input)).toBeNull();
      let thrown: unknown;
      try {
        normalizeUrl(input);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidUrlError);
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({
        status: 400,
        code: "invalid_url",
        detail: `${input.trim()} is not a valid domain`,
      });
    },
  );
});

describe("normalizeUrl — remembered results", () => {
  it("answers a repeated address the same, and no caller can change what the next one gets", () => {
    const first = normalizeUrl("https://www.Example.com/a?utm_source=x&b=1");
    const again = normalizeUrl("https://www.Example.com/a?utm_source=x&b=1");
    expect(again).toEqual(first);
    expect(Object.isFrozen(again)).toBe(true);
    expect(() => {
      (again as { normalizedUrl: string }).normalizedUrl = "evil.com/";
    }).toThrow(TypeError);
    expect(normalizeUrl("https://www.Example.com/a?utm_source=x&b=1").normalizedUrl).toBe(
      "example.com/a?b=1",
    );
    // Refusals are remembered too, and still refused every time.
    expect(() => normalizeUrl("http://127.0.0.1/")).toThrow();
    expect(() => normalizeUrl("http://127.0.0.1/")).toThrow();
  });
});

describe("normalizedUrlFilterValue", () => {
  it.each([
    ["==", "https://www.Example.com/a/?utm_source=x", "example.com/a"],
    ["!=", "example.com", "example.com/"],
    ["||", "https://www.Example.com/a/", "example.com/a"],
    ["||", "Example.com", "example.com"],
    ["||", "example.com/", "example.com/"],
    ["||", "example", "example"],
    ["||", "HTTPS://WWW.Exam", "exam"],
    ["||", " Blog Post ", "blog post"],
    ["||", "localhost", "localhost"],
  ])("%s %j → %j", (op, value, expected) => {
    expect(normalizedUrlFilterValue(value, op)).toBe(expected);
  });

  it("refuses an invalid address for equality", () => {
    expect(() => normalizedUrlFilterValue("localhost", "==")).toThrow(InvalidUrlError);
  });
});
