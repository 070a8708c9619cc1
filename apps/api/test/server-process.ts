import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { API_ROOT } from "../src/lib/paths.ts";

/** The real server process for tests about its life: start, readiness, signals. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function start(env: Record<string, string>) {
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
export const START_MS = 60_000;

export async function waitReady(port: number, proc: { exited: Promise<number | null> }) {
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

export function killIfRunning(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}
