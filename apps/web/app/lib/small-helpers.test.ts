import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies.ts";
import { pageTitle } from "./page-title.ts";
import { toShellUser, userInitials } from "./shell-user.ts";
import { isUuid } from "./uuid.ts";

describe("pageTitle", () => {
  it("puts the most specific part first and the product last", () => {
    expect(pageTitle("Campaigns", "Ads")).toBe("Campaigns · Ads · Flipside");
    expect(pageTitle()).toBe("Flipside");
  });
});

describe("readCookie", () => {
  it("finds one cookie by exact name", () => {
    const header = "a=1; flipside_token=abc.def; xflipside_token=no";
    expect(readCookie(header, "flipside_token")).toBe("abc.def");
    expect(readCookie("flipside_token=a%20b", "flipside_token")).toBe("a b");
    expect(readCookie("flipside_token=%E0%A4%A", "flipside_token")).toBe("%E0%A4%A");
    expect(readCookie(header, "missing")).toBeUndefined();
    expect(readCookie(null, "flipside_token")).toBeUndefined();
  });
});

describe("toShellUser", () => {
  it("keeps what the header needs and drops the rest", () => {
    const user = toShellUser({
      id: "u1",
      displayName: "Ada Lovelace",
      email: "ada@example.com",
      activated: true,
      imageUrl: 42,
      passwordHash: "x",
      roles: ["ROLE_USER", "ROLE_MODERATOR", 7],
      organizations: [
        { id: "o1", name: "Harbour News", slug: "harbour-news", role: "ADMIN", secret: "x" },
        { id: "o2", name: "No role" },
      ],
    });
    expect(user).toEqual({
      id: "u1",
      displayName: "Ada Lovelace",
      email: "ada@example.com",
      imageUrl: null,
      activated: true,
      // Only well-formed memberships, with only what the shell uses.
      organizations: [{ id: "o1", name: "Harbour News", slug: "harbour-news", role: "ADMIN" }],
      roles: ["ROLE_USER", "ROLE_MODERATOR"],
    });
    expect(toShellUser({ displayName: "no id" })).toBeNull();
    expect(toShellUser(null)).toBeNull();
    if (!user) throw new Error("unreachable");
    expect(userInitials(user)).toBe("AL");
    expect(userInitials({ id: "u2", email: "bob@example.com" })).toBe("BE");
    expect(userInitials({ id: "u3", displayName: "zed" })).toBe("ZE");
  });
});

describe("isUuid", () => {
  it("takes a UUID in either case and nothing else", () => {
    expect(isUuid("0190C8A2-5b7e-7d44-9a51-3c1f2e4d5a6b")).toBe(true);
    for (const value of [
      "",
      null,
      undefined,
      "0190c8a2-5b7e-7d44-9a51-3c1f2e4d5a6",
      "x".repeat(36),
      "0190c8a2-5b7e-7d44-9a51-3c1f2e4d5a6b/x",
    ])
      expect(isUuid(value)).toBe(false);
  });
});
