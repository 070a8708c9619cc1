import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { WebLoadContext } from "@flipside/contracts/public-config";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "./fixtures/server.ts";

/**
 * A page render must let go of everything it held once its page is sent. The server entry gives
 * up a render that streams for too long with a timer; a timer left running after the page was
 * sent kept the whole render (tree, loader data, HTML) in memory for six more seconds, which
 * under load was hundreds of megabytes of finished renders.
 */

const BUILD = join(fileURLToPath(new URL("..", import.meta.url)), "apps/web/build/server/index.js");

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe("server render memory", () => {
  it("leaves no timer behind once a page has been sent", async () => {
    const build = (await import(pathToFileURL(BUILD).href)) as ServerBuild;
    const handle = createRequestHandler(build, "production");
    // The render's loaders call the running server's API, as the in-process API would answer.
    const context: WebLoadContext = {
      cspNonce: "bm9uY2U",
      config: { publicOrigin: server.url, currency: "EUR" },
      api: (path, init = {}) =>
        fetch(`${server.url}${path.startsWith("/api") ? path : `/api${path}`}`, {
          method: init.method ?? "GET",
          headers: { ...init.headers, ...(init.body ? { "content-type": "application/json" } : {}) },
          ...(init.body ? { body: init.body } : {}),
        }),
    };
    const started = new Set<unknown>();
    const cleared = new Set<unknown>();
    const { setTimeout: realSet, clearTimeout: realClear } = globalThis;
    // The entry gives a render streamTimeout, and a second more to end it, before aborting.
    const abortAfter = Number((build.entry.module as { streamTimeout?: number }).streamTimeout) + 1000;
    globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
      const timer = realSet(fn, ms, ...rest);
      if (ms === abortAfter) started.add(timer);
      return timer;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
      cleared.add(timer);
      realClear(timer);
    }) as typeof clearTimeout;
    try {
      for (const path of ["/about", `/?url=${encodeURIComponent("https://example.com/a-page")}`]) {
        const response = await handle(new Request(`${server.url}${path}`), context as never);
        expect(response.status, `${path}: ${response.status}`).toBe(200);
        expect(await response.text()).toContain("</html>");
      }
    } finally {
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    }
    expect(started.size).toBeGreaterThan(0);
    const left = [...started].filter((timer) => !cleared.has(timer));
    expect(left).toHaveLength(0);
  });
});
