// The production build on a seeded database, with the bench's readers signed in.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { startServer } from "../e2e/fixtures/server.ts";
import { BENCH_BLOCKER, BENCH_READERS, type Seeded } from "./seed.ts";

/** `BENCH_CPU_PROF=dir` writes a V8 CPU profile of each server into dir (open in Chrome DevTools). */
const cpuProfDir = process.env.BENCH_CPU_PROF;
/**
 * `BENCH_NODE_ARGS="--heapsnapshot-signal=SIGWINCH"` and the like: more flags for the server's node.
 * (Not SIGUSR2: close-with-grace shuts the server down on it, as on SIGTERM.)
 */
const nodeArgs = [
  ...(cpuProfDir ? ["--cpu-prof", "--cpu-prof-dir", cpuProfDir] : []),
  ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
];

export async function startBenchServer(seeded: Seeded, dataDir: string, databaseUrl: string | undefined) {
  const server = await startServer(
    {
      // Limits stay on, so their bookkeeping is measured; only the numbers are raised (the bench
      // flips and writes from one address far more than a person is allowed).
      RATE_LIMIT_FLIP_PER_IP: "1000000000",
      RATE_LIMIT_SEARCH_PER_IP: "1000000000",
      RATE_LIMIT_ADS_LOOKUP_PER_IP: "1000000000",
      RATE_LIMIT_CONTRIB_NEW_PER_MINUTE: "1000000000",
      RATE_LIMIT_CONTRIB_NEW_PER_DAY: "1000000000",
      RATE_LIMIT_CONTRIB_PER_MINUTE: "1000000000",
      RATE_LIMIT_VOTE_PER_MINUTE: "1000000000",
      JWT_SECRET: randomBytes(32).toString("hex"),
      // The embedded database unless the seed is on a server (the variable may be in our env).
      DATABASE_URL: databaseUrl ? (seeded.databaseUrl ?? databaseUrl) : "",
    },
    { dataDir, nodeArgs },
  );
  try {
    const tokens: string[] = [];
    for (const reader of BENCH_READERS) {
      const login = await fetch(`${server.url}/api/authenticate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: reader.email, password: reader.password, rememberMe: false }),
      });
      if (!login.ok) throw new Error(`bench reader could not sign in: ${login.status}`);
      tokens.push(((await login.json()) as { id_token: string }).id_token);
    }
    const blocker = await fetch(`${server.url}/api/authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        username: BENCH_BLOCKER.email,
        password: BENCH_BLOCKER.password,
        rememberMe: false,
      }),
    });
    if (!blocker.ok) throw new Error(`bench blocker could not sign in: ${blocker.status}`);
    return {
      base: server.url,
      tokens,
      /** A reader with a block (their lists are never the shared ones). */
      blockerToken: ((await blocker.json()) as { id_token: string }).id_token,
      /** Resident memory of the server process, from the kernel. */
      rssMb: () =>
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024,
      /** Stops the server; what it logged (warnings and errors only) goes to stderr. */
      stop: async () => {
        await server.stop();
        const log = server.output().trim();
        if (log) process.stderr.write(`server log (last 20 kB):\n${log}\n`);
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
