import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  followPendingNavigation,
  isLocalPath,
  linkNavigationTarget,
  PENDING_NAVIGATION_KEY,
  PENDING_NAVIGATION_TTL_MS,
  pendingNavigationScript,
} from "./chunk-reload.ts";

const NOW = 1_800_000_000_000;

describe("followPendingNavigation", () => {
  const record = { from: "/", to: "/trending", at: NOW - 1000 };

  it("continues to the target after a reload of the page the navigation started from", () => {
    expect(followPendingNavigation(record, "/", "reload", NOW)).toBe("/trending");
  });

  it("does nothing for other loads, other pages, old records or foreign targets", () => {
    expect(followPendingNavigation(record, "/", "navigate", NOW)).toBeNull();
    expect(followPendingNavigation(record, "/", "back_forward", NOW)).toBeNull();
    expect(followPendingNavigation(record, "/about", "reload", NOW)).toBeNull();
    expect(followPendingNavigation(record, "/", "reload", NOW + PENDING_NAVIGATION_TTL_MS)).toBeNull();
    expect(followPendingNavigation({ ...record, to: "//evil.test/x" }, "/", "reload", NOW)).toBeNull();
    expect(followPendingNavigation(null, "/", "reload", NOW)).toBeNull();
  });

  it("knows a same-origin path", () => {
    expect(isLocalPath("/a?b#c")).toBe(true);
    expect(isLocalPath("/")).toBe(true);
    expect(isLocalPath("//host")).toBe(false);
    expect(isLocalPath("/\\host")).toBe(false);
    expect(isLocalPath("https://host/")).toBe(false);
  });
});

/** Runs the inline boot script with a fake location, storage and navigation timing. */
function runScript(
  stored: unknown,
  here: { pathname: string; search?: string; hash?: string },
  type: string,
) {
  const storage = new Map<string, string>();
  if (stored !== undefined) storage.set(PENDING_NAVIGATION_KEY, JSON.stringify(stored));
  const replaced: string[] = [];
  runInNewContext(pendingNavigationScript, {
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      removeItem: (k: string) => storage.delete(k),
    },
    performance: { getEntriesByType: () => [{ type }] },
    location: { search: "", hash: "", ...here, replace: (to: string) => replaced.push(to) },
    Date: { now: () => NOW },
    JSON,
  });
  return { replaced, left: storage.has(PENDING_NAVIGATION_KEY) };
}

describe("the boot script's hand-off", () => {
  it("replaces the location with the remembered target and forgets it", () => {
    const r = runScript(
      { from: "/?q=1", to: "/support", at: NOW - 50 },
      { pathname: "/", search: "?q=1" },
      "reload",
    );
    expect(r).toEqual({ replaced: ["/support"], left: false });
  });

  it("stays put unless it is a fresh reload of the same page to a local path", () => {
    const fresh = { from: "/", to: "/support", at: NOW - 50 };
    expect(runScript(fresh, { pathname: "/" }, "navigate").replaced).toEqual([]);
    expect(runScript(fresh, { pathname: "/about" }, "reload").replaced).toEqual([]);
    expect(
      runScript({ ...fresh, at: NOW - PENDING_NAVIGATION_TTL_MS - 1 }, { pathname: "/" }, "reload").replaced,
    ).toEqual([]);
    expect(runScript({ ...fresh, to: "//evil.test" }, { pathname: "/" }, "reload").replaced).toEqual([]);
    expect(runScript({ ...fresh, to: "/\\evil.test" }, { pathname: "/" }, "reload").replaced).toEqual([]);
    expect(runScript(undefined, { pathname: "/" }, "reload").replaced).toEqual([]);
  });
});

describe("linkNavigationTarget", () => {
  const here = { origin: "https://flipside.test" };
  const anchor = (href: string, attrs: Record<string, string> = {}) => ({
    href: new URL(href, here.origin).toString(),
    target: attrs.target ?? "",
    hasAttribute: (name: string) => name in attrs,
  });
  const click = (a: ReturnType<typeof anchor> | null, over: Partial<MouseEvent> = {}) => ({
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    target: { closest: () => a } as unknown as EventTarget,
    ...over,
  });

  it("is the in-site path of a plain left click on a link", () => {
    expect(linkNavigationTarget(click(anchor("/support?x=1#a")), here)).toBe("/support?x=1#a");
  });

  it("is null for new tabs, modified or other-button clicks, downloads, other sites and non-links", () => {
    expect(linkNavigationTarget(click(anchor("/a", { target: "_blank" })), here)).toBeNull();
    expect(linkNavigationTarget(click(anchor("/a"), { metaKey: true }), here)).toBeNull();
    expect(linkNavigationTarget(click(anchor("/a"), { button: 1 }), here)).toBeNull();
    expect(linkNavigationTarget(click(anchor("/a"), { defaultPrevented: true }), here)).toBeNull();
    expect(linkNavigationTarget(click(anchor("/a", { download: "" })), here)).toBeNull();
    expect(linkNavigationTarget(click(anchor("https://elsewhere.test/a")), here)).toBeNull();
    expect(linkNavigationTarget(click(null), here)).toBeNull();
  });
});
