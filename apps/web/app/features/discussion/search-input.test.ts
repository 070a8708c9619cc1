import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { flipErrorMessage, isRefusal, pageViewPath, searchIntent } from "./search-input.ts";

describe("searchIntent", () => {
  it.each([
    ["example.com", "example.com"],
    ["  https://example.com/a?b=1  ", "https://example.com/a?b=1"],
    ["http://localhost/x", "http://localhost/x"],
    ["javascript:alert(1)", "javascript:alert(1)"],
    ["en.wikipedia.org/wiki/Cat", "en.wikipedia.org/wiki/Cat"],
  ])("flips an address: %s", (input, url) => {
    expect(searchIntent(input)).toEqual({ kind: "flip", url });
  });

  it.each(["cats", "climate change", "what is example.com"])("searches for text: %s", (input) => {
    expect(searchIntent(input)).toEqual({ kind: "search", text: input });
  });

  it("does nothing for blank input", () => {
    expect(searchIntent("   ")).toEqual({ kind: "empty" });
  });
});

describe("pageViewPath", () => {
  it("puts the address in the url query, encoded", () => {
    expect(pageViewPath("example.com/a?b=1&c=2")).toBe("/?url=example.com%2Fa%3Fb%3D1%26c%3D2");
    expect(new URLSearchParams(pageViewPath("example.com/a?b=1&c=2").slice(2)).get("url")).toBe(
      "example.com/a?b=1&c=2",
    );
  });
});

describe("flipErrorMessage", () => {
  it("uses the API's detail", () => {
    const error = new ApiError({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "localhost is not a valid domain",
    });
    expect(flipErrorMessage(error, "localhost")).toBe("localhost is not a valid domain");
  });
  it("says Flipside failed, not the address, when it answers 5xx", () => {
    const error = new ApiError({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "boom",
    });
    expect(flipErrorMessage(error, "example.com/x")).toBe(
      "Flipside could not open example.com/x just now. Please try again in a moment.",
    );
    expect(isRefusal(error)).toBe(false);
    const unavailable = new ApiError({
      type: "about:blank",
      title: "Service Unavailable",
      status: 503,
      detail: "Flipside cannot reach its database right now. Please try again in a moment.",
    });
    expect(flipErrorMessage(unavailable, "example.com/x")).toBe(unavailable.problem.detail);
  });
  it("falls back to the error catalogue's words for surprises, and takes them for a refusal", () => {
    expect(flipErrorMessage(new Error("?"), "example.com/x")).toBe("example.com/x is not a valid domain");
    expect(isRefusal(new Error("?"))).toBe(true);
  });
  it("says so when the network is down", () => {
    const error = new ApiError({
      type: "about:blank",
      title: "Network error",
      status: 0,
      detail: "Could not reach Flipside.",
    });
    expect(flipErrorMessage(error, "example.com")).toBe("Could not reach Flipside.");
    expect(isRefusal(error)).toBe(false);
  });
});
