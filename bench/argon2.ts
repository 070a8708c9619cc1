// `npx tsx bench/argon2.ts`: the cost of a password hash (argon2id at the OWASP parameters) and
// the latency of POST /api/authenticate through app.inject (no network), as medians. Login for a
// wrong password and for an unknown address are measured too: they should cost about the same.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../apps/api/src/app.ts";
import { testConfig } from "../apps/api/src/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from "../apps/api/src/lib/passwords.ts";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function timeEach(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out;
}

const password = "Correct-Horse-9";
const hashes = await timeEach(10, () => hashPassword(password));
const stored = await hashPassword(password);
const verifies = await timeEach(10, () => verifyPassword(stored, password));

const dataDir = mkdtempSync(join(tmpdir(), "flipside-bench-argon2-"));
const database = await openDatabase({ kind: "pglite" });
const app = await buildApp(testConfig({ DATA_DIR: dataDir, RATE_LIMIT_ENABLED: "false" }), { database });
await app.ready();
const email = "bench@example.com";
await app.inject({
  method: "POST",
  url: "/api/register",
  payload: { email, password, displayName: "Bench" },
});
const login = (username: string, pw: string) =>
  app.inject({
    method: "POST",
    url: "/api/authenticate",
    payload: { username, password: pw, rememberMe: false },
  });
const ok = await timeEach(20, async () => {
  const res = await login(email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
});
const wrong = await timeEach(20, () => login(email, "Wrong-Password-1"));
const unknown = await timeEach(20, () => login("nobody@example.com", "Wrong-Password-1"));
await app.mailer.idle();
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const o = ARGON2_OPTIONS;
console.log(`argon2id m=${o.memoryCost} KiB, t=${o.timeCost}, p=${o.parallelism} — Node ${process.version}`);
console.table({
  "argon2id hash (n=10)": { medianMs: +median(hashes).toFixed(1) },
  "argon2id verify (n=10)": { medianMs: +median(verifies).toFixed(1) },
  "POST /api/authenticate ok (n=20)": { medianMs: +median(ok).toFixed(1) },
  "… wrong password (n=20)": { medianMs: +median(wrong).toFixed(1) },
  "… unknown address (n=20)": { medianMs: +median(unknown).toFixed(1) },
});
