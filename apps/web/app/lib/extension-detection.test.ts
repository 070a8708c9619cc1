import { EXTENSION_PING, EXTENSION_PONG } from "@flipside/contracts/extension-protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { detectExtension, type MessageWindow, skipsExtensionDetection } from "./extension-detection.ts";

type Listener = (event: MessageEvent) => void;

/** A window whose postMessage delivers synchronously to its listeners, as a content script sees it. */
function fakeWindow(origin = "https://flipside.test") {
  const listeners = new Set<Listener>();
  const posted: unknown[] = [];
  const win: MessageWindow & { deliver(data: unknown, init?: { source?: unknown; origin?: string }): void } =
    {
      location: { origin },
      postMessage(message) {
        posted.push(message);
      },
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
      deliver(data, init = {}) {
        const event = { data, source: "source" in init ? init.source : win, origin: init.origin ?? origin };
        for (const l of [...listeners]) l(event as MessageEvent);
      },
    };
  return { win, posted, listeners };
}

describe("extension detection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("posts a ping and resolves true on a pong from the same window and origin", async () => {
    const { win, posted, listeners } = fakeWindow();
    const result = detectExtension(win, 300);
    expect(posted).toEqual([{ type: EXTENSION_PING, version: 1 }]);
    win.deliver({ type: EXTENSION_PONG, version: "1.2.0" });
    await expect(result).resolves.toBe(true);
    expect(listeners.size).toBe(0);
  });

  it("resolves false when nothing answers within the wait (300 ms by docs/web-app.md#extension-detection)", async () => {
    const { win, listeners } = fakeWindow();
    const result = detectExtension(win);
    await vi.advanceTimersByTimeAsync(299);
    win.deliver({ type: "something-else" });
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe(false);
    expect(listeners.size).toBe(0);
  });

  it("ignores pongs from another frame or origin", async () => {
    const { win } = fakeWindow();
    const result = detectExtension(win, 300);
    win.deliver({ type: EXTENSION_PONG }, { source: {} });
    win.deliver({ type: EXTENSION_PONG }, { origin: "https://evil.test" });
    win.deliver("flipside:pong");
    await vi.advanceTimersByTimeAsync(300);
    await expect(result).resolves.toBe(false);
  });

  it("stops waiting when aborted (the path changed again)", async () => {
    const { win } = fakeWindow();
    const controller = new AbortController();
    const result = detectExtension(win, 300, controller.signal);
    controller.abort();
    await expect(result).resolves.toBe(false);
  });

  it("is skipped with curl=0 only", () => {
    expect(skipsExtensionDetection("?curl=0")).toBe(true);
    expect(skipsExtensionDetection("?app=1&curl=0")).toBe(true);
    expect(skipsExtensionDetection("?curl=1")).toBe(false);
    expect(skipsExtensionDetection("")).toBe(false);
  });
});
