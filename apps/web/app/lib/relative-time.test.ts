import { describe, expect, it } from "vitest";
import { formatAbsolute, formatRelative } from "./relative-time.ts";

const now = Date.parse("2025-03-10T12:00:00Z");

describe("formatRelative", () => {
  it.each([
    ["2025-03-10T11:59:50Z", "just now"],
    ["2025-03-10T11:57:00Z", "3 minutes ago"],
    ["2025-03-10T10:00:00Z", "2 hours ago"],
    ["2025-03-09T12:00:00Z", "yesterday"],
    ["2025-02-24T12:00:00Z", "2 weeks ago"],
    ["2024-03-10T12:00:00Z", "last year"],
  ])("%s is %s", (iso, text) => {
    expect(formatRelative(iso, now)).toBe(text);
  });
});

describe("formatAbsolute", () => {
  it("formats in UTC so server and browser agree", () => {
    expect(formatAbsolute("2025-03-10T23:30:00Z")).toBe("Mar 10, 2025");
  });
});
