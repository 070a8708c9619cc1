import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { API_ROOT } from "../src/lib/paths.ts";

// The real process: config failure, data-dir lock, graceful shutdown. PGlite only: the lock
// and the clean close are about the embedded database.
const pgliteOnly = !process.env.TEST_DATABASE_URL;
// Skipped files run no hooks: a folder made when skipped would stay behind.
const dataDir = pgliteOnly ? mkdtempSync(join(tmpdir(), "flipside-proc-")) : "";
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", join(API_ROOT, "src/server.ts")], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: "test",
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * A cold start of the real process: tsx compiles the API, PGlite opens (and on a fresh data
 * directory creates and migrates) the database. Alone that is 5 s, or 12 s on a fresh directory;
 * beside the rest of the suite on two cores, more than twice that.
 */
const START_MS = 60_000;

async function waitReady(port: number, proc: { exited: Promise<number | null> }) {
  let done = false;
  void proc.exited.then(() => (done = true));
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline && !done) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not become ready");
}

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

function killIfRunning(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
