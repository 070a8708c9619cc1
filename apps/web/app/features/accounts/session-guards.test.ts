import { describe, expect, it } from "vitest";
import { afterLoginTarget, isProfilePath, loginRedirectFor, safeNextPath } from "./session-guards.ts";

const url = (path: string) => new URL(path, "https://flipside.example");

describe("isProfilePath", () => {
  it("matches /profile and everything under it, nothing else", () => {
    expect(isProfilePath("/profile")).toBe(true);
    expect(isProfilePath("/profile/")).toBe(true);
    expect(isProfilePath("/profile/websites/example.com/checkout")).toBe(true);
    expect(isProfilePath("/profiles/0190")).toBe(false);
    expect(isProfilePath("/profilex")).toBe(false);
    expect(isProfilePath("/")).toBe(false);
  });
});

describe("loginRedirectFor (docs/web-app.md#guards-and-redirects: anonymous /profile… goes to /login)", () => {
  it("remembers where the visitor was going", () => {
    expect(loginRedirectFor(url("/profile/settings?tab=2"))).toBe(
      "/login?next=%2Fprofile%2Fsettings%3Ftab%3D2",
    );
  });

  it("keeps app mode on", () => {
    expect(loginRedirectFor(url("/profile?app=1"))).toBe("/login?app=1&next=%2Fprofile%3Fapp%3D1");
  });
});

describe("safeNextPath", () => {
  it("keeps local paths with their query and hash", () => {
    expect(safeNextPath("/profile/settings?x=1#a")).toBe("/profile/settings?x=1#a");
  });

  it.each([
    null,
    "",
    "profile",
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/login",
    "/login?next=/profile",
  ])("refuses %s", (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});

describe("afterLoginTarget (docs/web-app.md#guards-and-redirects: a signed-in /login goes to /)", () => {
  it("goes home by default, in app mode too", () => {
    expect(afterLoginTarget(url("/login"))).toBe("/");
    expect(afterLoginTarget(url("/login?app=1"))).toBe("/?app=1");
  });

  it("follows a safe next and ignores an unsafe one", () => {
    expect(afterLoginTarget(url("/login?next=%2Fprofile%2Fsettings"))).toBe("/profile/settings");
    expect(afterLoginTarget(url("/login?next=%2F%2Fevil.example"))).toBe("/");
  });
});
