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
});
