import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { afterPaintScript } from "./scripts-after-paint.ts";

describe("afterPaintScript", () => {
  function documentWith(visibilityState: "visible" | "hidden", paintTiming = false) {
    const appended: Record<string, unknown>[] = [];
    const frames: (() => void)[] = [];
    const timers: { callback: () => void; ms: number }[] = [];
    const listeners: Record<string, () => void> = {};
    const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
    const held = {
      preloads: [{ getAttribute: () => "/x.js", nonce: "n" }],
      scripts: [{ nonce: "n", textContent: 'import * as route0 from "/r.js";' }],
    };
    const document = {
      readyState: "loading",
      visibilityState: visibilityState as string,
      head: { appendChild: (node: Record<string, unknown>) => appended.push(node) },
      createElement: (tag: string) => ({ tag }),
      addEventListener: (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
      querySelectorAll: (selector: string) =>
        selector.startsWith("link") ? held.preloads : selector.startsWith("script") ? held.scripts : [],
    };
    const context: Record<string, unknown> = {
      document,
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
    };
    if (paintTiming) {
      context.PerformanceObserver = class {
        static supportedEntryTypes = ["mark", "paint"];
        constructor(callback: (typeof observers)[number]) {
          observers.push(callback);
        }
        observe() {}
      };
    }
    runInNewContext(afterPaintScript, context);
    const frame = () => {
      frames.shift()?.();
      const next = timers.findIndex((timer) => timer.ms === 0);
      if (next !== -1) timers.splice(next, 1)[0]?.callback();
    };
    return { appended, document, frame, frames, listeners, observers, timers };
  }

  const started = [
    { tag: "link", rel: "modulepreload", href: "/x.js", nonce: "n" },
    { tag: "script", type: "module", nonce: "n", textContent: 'import * as route0 from "/r.js";' },
  ];

  it("starts the held-back scripts once the HTML is parsed and the first contentful paint is shown", () => {
    const { appended, frames, listeners, observers, timers } = documentWith("visible", true);
    expect(appended).toEqual([]);
    listeners.DOMContentLoaded?.();
    expect(appended).toEqual([]);
    observers[0]?.({ getEntriesByName: () => [] });
    expect(appended).toEqual([]);
    observers[0]?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) });
    expect(appended).toEqual(started);
    // Frames come and go before that: they never start it.
    expect(frames).toEqual([]);
    // The safety for a page that never paints anything contentful changes nothing now.
    for (const timer of timers) timer.callback();
    expect(appended).toEqual(started);
  });

  it("starts a page that shows nothing contentful after three seconds", () => {
    const { appended, listeners, timers } = documentWith("visible", true);
    listeners.DOMContentLoaded?.();
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    expect(appended).toEqual([]);
    timers[0]?.callback();
    expect(appended).toEqual(started);
  });

  it("without paint timing, starts two frames after the HTML is parsed", () => {
    const { appended, frame, listeners } = documentWith("visible");
    listeners.DOMContentLoaded?.();
    frame();
    expect(appended).toEqual([]);
    frame();
    expect(appended).toEqual(started);
  });

  it("starts at once in a hidden tab, which draws no frames, or when the tab is hidden before its paint", () => {
    const hidden = documentWith("hidden");
    hidden.listeners.DOMContentLoaded?.();
    expect(hidden.frames).toEqual([]);
    expect(hidden.appended).toEqual(started);

    const leaving = documentWith("visible", true);
    leaving.listeners.DOMContentLoaded?.();
    expect(leaving.appended).toEqual([]);
    leaving.listeners.visibilitychange?.();
    expect(leaving.appended).toEqual([]);
    leaving.document.visibilityState = "hidden";
    leaving.listeners.visibilitychange?.();
    expect(leaving.appended).toEqual(started);
  });
});
