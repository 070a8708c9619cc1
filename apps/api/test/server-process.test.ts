import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, killIfRunning, START_MS, start, waitReady } from "./server-process.ts";

// The real process: config failure, data-dir lock, graceful shutdown. PGlite only: the lock
// and the clean close are about the embedded database.
const pgliteOnly = !process.env.TEST_DATABASE_URL;
// Skipped files run no hooks: a folder made when skipped would stay behind.
const dataDir = pgliteOnly ? mkdtempSync(join(tmpdir(), "flipside-proc-")) : "";
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!pgliteOnly)("the server process", () => {
  it("refuses an invalid configuration with a readable list", async () => {
    const proc = start({ PORT: "not-a-port", DATA_DIR: dataDir });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain("Invalid configuration");
    expect(proc.output()).toContain("PORT");
  });

  it(
    "locks the data directory, and shuts down cleanly on SIGTERM",
    async () => {
      const port = await freePort();
      const first = start({ PORT: String(port), DATA_DIR: dataDir });
      let second: ReturnType<typeof start> | undefined;
      try {
        await waitReady(port, first);
        expect(existsSync(join(dataDir, "flipside.lock"))).toBe(true);

        second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
        expect(await second.exited).toBe(1);
        expect(second.output()).toMatch(/Another Flipside process \(pid \d+\) is using the data directory/);

        first.child.kill("SIGTERM");
        expect(await first.exited).toBe(0);
        expect(existsSync(join(dataDir, "flipside.lock"))).toBe(false);
      } finally {
        killIfRunning(first.child);
        if (second) killIfRunning(second.child);
      }

      // The database closed cleanly: a new process opens it and is ready.
      const again = start({ PORT: String(port), DATA_DIR: dataDir });
      try {
        await waitReady(port, again);
        again.child.kill("SIGINT");
        expect(await again.exited).toBe(0);
      } finally {
        killIfRunning(again.child);
      }
    },
    // Three cold starts, the first on a fresh data directory (see START_MS).
    3 * START_MS,
  );

  it(
    "drains on SIGTERM: not ready, every request still served with its connection closed, then exits",
    async () => {
      const port = await freePort();
      const proc = start({ PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: "4000" });
      try {
        await waitReady(port, proc);
        const base = `http://127.0.0.1:${port}`;
        const before = await fetch(`${base}/api/ready`);
        expect(before.status).toBe(200);
        expect(before.headers.get("connection")).toBe("keep-alive");

        const signalledAt = Date.now();
        proc.child.kill("SIGTERM");
        // The signal is handled between requests: ask until it shows.
        let ready = await fetch(`${base}/api/ready`);
        while (ready.status === 200 && Date.now() - signalledAt < 2_000) {
          await new Promise((r) => setTimeout(r, 20));
          ready = await fetch(`${base}/api/ready`);
        }
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: "draining", database: "up" });
        expect(ready.headers.get("retry-after")).toBe("5");

        // Still serving, database included, and telling the balancer not to reuse the connection.
        const page = await fetch(`${base}/api/v1/site-pages?page=0&size=1`);
        expect(page.status).toBe(200);
        expect(page.headers.get("connection")).toBe("close");
        expect(proc.child.exitCode).toBeNull();

        expect(await proc.exited).toBe(0);
        expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(4_000);
        // After the drain the listener is gone.
        await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      } finally {
        killIfRunning(proc.child);
      }
    },
    2 * START_MS,
  );
});
