import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../src/db/client.ts";
import { type Jobs, repeatEvery, startJobs } from "../src/lib/jobs.ts";
import { createTestDatabase } from "./helper.ts";

const log = Fastify({ logger: false }).log;
const STANDARD = { policy: "standard", retryLimit: 0, expireInSeconds: 30 } as const;

let database: Database;
const started: Jobs[] = [];
const start = async () => {
  const jobs = await startJobs({ execute: database.execute, log });
  started.push(jobs);
  return jobs;
};

beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  for (const jobs of started.splice(0)) await jobs.stop();
  await database.close();
});

describe("the job queue", () => {
  it("keeps a job across a restart: sent before, handled after", async () => {
    const before = await start();
    await before.queue("restart", STANDARD);
    expect(await before.send("restart", { n: 1 })).toEqual(expect.any(String));
    await before.stop();

    const after = await start();
    const seen: number[] = [];
    await after.work<{ n: number }>("restart", { concurrency: 1 }, async ({ n }) => {
      seen.push(n);
    });
    await after.idle("restart");
    expect(seen).toEqual([1]);
  });

  it("shares a queue between instances: each job is handled exactly once", async () => {
    const a = await start();
    const b = await start();
    await a.queue("shared", STANDARD);
    const handled: { by: string; n: number }[] = [];
    const worker =
      (by: string) =>
      async ({ n }: { n: number }) => {
        handled.push({ by, n });
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
    await a.work("shared", { concurrency: 2 }, worker("a"));
    await b.work("shared", { concurrency: 2 }, worker("b"));
    for (let n = 0; n < 20; n++) await (n % 2 ? a : b).send("shared", { n });
    await a.idle("shared");
    expect(handled.map((h) => h.n).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
  });

  it("hands a job whose instance died under it to another once it expires", async () => {
    const dead = await start();
    await dead.queue("orphan", { policy: "standard", retryLimit: 1, expireInSeconds: 1 });
    const id = await dead.send("orphan", { n: 7 });
    // What a process killed mid-job leaves: the job running, started a while ago, nobody on it.
    await database.execute(
      "update pgboss.job set state = 'active', started_on = now() - interval '1 minute' where id = $1",
      [id],
    );
    const alive = await startJobs({ execute: database.execute, log, maintenanceIntervalSeconds: 1 });
    started.push(alive);
    const seen: number[] = [];
    await alive.work<{ n: number }>("orphan", { concurrency: 1 }, async ({ n }) => {
      seen.push(n);
    });
    await alive.idle("orphan", { timeoutMs: 15_000 });
    expect(seen).toEqual([7]);
  }, 30_000);

  it("holds one waiting job per key on a short queue", async () => {
    const jobs = await start();
    await jobs.queue("once", { policy: "short", retryLimit: 0, expireInSeconds: 30 });
    expect(await jobs.send("once", {}, { singletonKey: "page-1" })).toEqual(expect.any(String));
    expect(await jobs.send("once", {}, { singletonKey: "page-1" })).toBeNull();
    expect(await jobs.send("once", {}, { singletonKey: "page-2" })).toEqual(expect.any(String));
  });

  it("retries a failed job up to its retry limit", async () => {
    const jobs = await start();
    await jobs.queue("flaky", { policy: "standard", retryLimit: 1, expireInSeconds: 30 });
    let tries = 0;
    await jobs.work("flaky", { concurrency: 1 }, async () => {
      tries++;
      if (tries === 1) throw new Error("first try fails");
    });
    await jobs.send("flaky");
    await vi.waitFor(() => expect(tries).toBe(2), { timeout: 10_000, interval: 20 });
    await jobs.idle("flaky");
    expect(tries).toBe(2);
  });

  it("waits for the jobs running here before it stops", async () => {
    const jobs = await start();
    await jobs.queue("slow", STANDARD);
    let finished = false;
    let began = false;
    await jobs.work("slow", { concurrency: 1 }, async () => {
      began = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await jobs.send("slow");
    await vi.waitFor(() => expect(began).toBe(true), { timeout: 5000, interval: 10 });
    await jobs.stop();
    expect(finished).toBe(true);
  });

  it("runs a repeated job once an interval, and sooner when restarted with a shorter interval", async () => {
    const before = await start();
    let runs = 0;
    await repeatEvery(before, "every", { intervalMs: 3_600_000, expireInSeconds: 30 }, async () => {
      runs++;
    });
    await before.stop();
    // Restarted with one second: the run waiting for an hour comes within the second.
    const after = await start();
    await repeatEvery(after, "every", { intervalMs: 500, expireInSeconds: 30 }, async () => {
      runs++;
    });
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 50 });
  });
});
