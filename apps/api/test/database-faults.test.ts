import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { testConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { isDatabaseUnavailable } from "../src/db/faults.ts";
import { createTestApp, type TestApp } from "./helper.ts";
import { type PrivatePostgres, postgresBinDir, startPrivatePostgres } from "./private-postgres.ts";
import { freePort, killIfRunning, START_MS, start, waitReady } from "./server-process.ts";
import { createUser, type TestUser } from "./users.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

/** Calls that need the database, signed in and not, reading and writing. */
function callsThatNeedTheDatabase(app: FastifyInstance, user: TestUser) {
  return [
    () => app.inject({ method: "GET", url: "/api/account", headers: user.headers }),
    () => app.inject({ method: "GET", url: "/api/v1/site-pages?page=0&size=5" }),
    () =>
      app.inject({
        method: "POST",
        url: "/api/authenticate",
        payload: { username: "nobody@example.com", password: "Correct-Horse-9", rememberMe: false },
      }),
  ];
}

describe.runIf(serverUrl)("a connection the server drops", () => {
  let t: TestApp;
  let admin: pg.Client;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  async function terminateBackends() {
    const { rows } = await t.database.execute("select current_database() as name");
    const name = (rows[0] as { name: string }).name;
    const killed = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
    return killed.rowCount ?? 0;
  }

  it("is replaced: idle connections terminated under the pool, every later call answers", async () => {
    // Several connections open and idle in the pool.
    const warm = await Promise.all(Array.from({ length: 5 }, () => t.app.inject("/api/ready")));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await terminateBackends()).toBeGreaterThan(0);
    // At once, before the pool may have heard of it: a read handed a broken connection is asked
    // again on another, and the process does not end.
    for (const call of callsThatNeedTheDatabase(t.app, user)) {
      const res = await call();
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    expect((await t.app.inject("/api/ready")).statusCode).toBe(200);
  });

  /** Runs `sql` and ends its backend once it is running; answers its outcome. */
  async function terminatedMidFlight(sql: string) {
    const outcome = t.database.execute(sql).then(
      () => "finished" as const,
      (error: unknown) => error,
    );
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query(
        "select count(*)::int as n from pg_stat_activity where query = $1 and state = 'active'",
        [sql],
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await terminateBackends();
    return outcome;
  }

  it("a read whose backend is terminated mid-flight is asked again on another connection", async () => {
    expect(await terminatedMidFlight("select pg_sleep(0.5)")).toBe("finished");
  });

  it("a write whose backend is terminated mid-flight is not repeated: it answers 503, the next call works", async () => {
    const outcome = await terminatedMidFlight(
      `with pause as (select pg_sleep(0.5)) update users set display_name = display_name || '!' where id = '${user.id}' and exists (select 1 from pause)`,
    );
    expect(outcome).not.toBe("finished");
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    const res = await t.app.inject({ method: "GET", url: "/api/account", headers: user.headers });
    expect(res.statusCode).toBe(200);
    // Ended before it committed, and not sent again.
    expect(res.json().displayName).toBe(user.displayName);
  });
});

describe.runIf(serverUrl)("the PostgreSQL server stopped and started again", () => {
  let server: PrivatePostgres;
  let database: Database;
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    expect(postgresBinDir(), "Debian's PostgreSQL server binaries").toBeTruthy();
    server = await startPrivatePostgres();
    database = await openDatabase({ kind: "postgres", url: server.url, max: 4 });
    // No cached viewer: every signed-in call asks the database.
    app = await buildApp(testConfig({ SESSION_CACHE_TTL_MS: "0" }), { database });
    await app.ready();
    user = await createUser(app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await server?.destroy();
  });

  it("answers 503 with Retry-After while it is down, and recovers by itself when it is back", async () => {
    await Promise.all(Array.from({ length: 4 }, () => app.inject("/api/ready")));
    // Calls in flight while the server goes down answer as they can: never a 500.
    const inFlight = Promise.all(
      Array.from({ length: 30 }, (_, i) => callsThatNeedTheDatabase(app, user)[i % 3]?.()),
    );
    await server.stop();
    for (const res of await inFlight) {
      expect([200, 401, 503], res?.body).toContain(res?.statusCode);
    }

    const ready = await app.inject("/api/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable", database: "down" });
    expect(ready.headers["retry-after"]).toBe("5");
    for (const call of callsThatNeedTheDatabase(app, user)) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toMatchObject({
        status: 503,
        code: "unavailable",
        detail: "Flipside cannot reach its database right now. Please try again in a moment.",
      });
    }
    // What needs no database still answers.
    expect((await app.inject("/api/health")).statusCode).toBe(200);

    await server.start();
    expect((await app.inject("/api/ready")).statusCode).toBe(200);
    for (const call of callsThatNeedTheDatabase(app, user)) {
      const res = await call();
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    // The job queue, which polled a missing database all along, takes work again.
    let handled = false;
    await app.jobs.queue("fault-probe", { policy: "standard", retryLimit: 0, expireInSeconds: 30 });
    await app.jobs.work("fault-probe", { concurrency: 1 }, async () => {
      handled = true;
    });
    await app.jobs.send("fault-probe", {});
    await app.jobs.idle("fault-probe");
    expect(handled).toBe(true);
  }, 120_000);

  it("a keyed write cut off by the restart can be sent again with its key once the database is back", async () => {
    const page = await app.inject({
      method: "POST",
      url: "/api/v1/site-pages/flip",
      headers: user.headers,
      payload: { url: "https://restarted-midway.com/" },
    });
    expect(page.statusCode).toBeLessThan(300);
    const send = () =>
      app.inject({
        method: "POST",
        url: "/api/v1/site-page-comments",
        headers: { ...user.headers, "idempotency-key": "key-across-a-restart" },
        payload: { sitePage_id: page.json().id, body: "Written across a restart" },
      });
    // The comment waits on a lock after its key is claimed; the server stops under it.
    const holder = new pg.Client({ connectionString: server.url });
    await holder.connect();
    await holder.query("begin; lock table contributions in access exclusive mode");
    const first = send();
    for (let i = 0; i < 200; i++) {
      const { rows } = await holder.query(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    holder.on("error", () => {});
    await server.stop();
    expect((await first).statusCode).toBe(503);
    await server.start();
    // The claim is let go once the database is back: the repeat writes, once.
    let again = await send();
    for (let i = 0; again.statusCode === 409 && i < 40; i++) {
      expect(again.headers["retry-after"]).toBe("1");
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await send();
    }
    expect(again.statusCode, again.body).toBe(201);
    expect((await send()).headers["idempotent-replayed"]).toBe("true");
    const { rows } = await database.execute(
      "select count(*)::int as n from contributions where body = 'Written across a restart'",
    );
    expect(rows[0]).toEqual({ n: 1 });
  }, 60_000);

  it("a server process started while the database is down waits for it, then serves", async () => {
    await server.stop();
    const port = await freePort();
    const dataDir = await mkdtemp(join(tmpdir(), "flipside-wait-"));
    const proc = start({
      PORT: String(port),
      DATABASE_URL: server.url,
      SHUTDOWN_DRAIN_MS: "0",
      DATA_DIR: dataDir,
    });
    try {
      const deadline = Date.now() + START_MS;
      while (
        !/trying again in/.test(proc.output()) &&
        Date.now() < deadline &&
        proc.child.exitCode === null
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(proc.output()).toMatch(/The database cannot be reached \(.+\); trying again in \d+\.\d s/);
      expect(proc.child.exitCode).toBeNull();
      await server.start();
      await waitReady(port, proc);
      expect(proc.output()).not.toMatch(/\n\s+at /);
      proc.child.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
    } finally {
      killIfRunning(proc.child);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
