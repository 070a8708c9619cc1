// `npm run drill`: issue 24's fault drills, against a cluster of two instances behind HAProxy
// (BALANCER=nginx: nginx; bench/cluster.ts) under mixed load — people reading many pages signed
// in, others writing comments with idempotency keys and retrying lost answers as the web app
// does. For each drill: requests, answers that were not 2xx by status, acknowledged writes
// missing afterwards (must be 0), duplicates after retries (must be 0), and the time until
// everything answers again. Then how soon another instance shows a write, uploads read through
// every instance, and the throughput of two instances against one, with where the CPU went. Not a
// test: a table for the closing note.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import sharp from "sharp";
import { hashPassword } from "../apps/api/src/lib/passwords.ts";
import { balancerKind, type Cluster, startCluster } from "./cluster.ts";

const DRILL_SECONDS = Number(process.env.DRILL_SECONDS ?? 20);
const READERS = Number(process.env.DRILL_READERS ?? 8);
const WRITERS = Number(process.env.DRILL_WRITERS ?? 4);
const PAGES = 40;
const PASSWORD = "Drill-person-9";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Person {
  email: string;
  token: string;
}

interface Tally {
  requests: number;
  byStatus: Map<string, number>;
  /** Comments the server said it saved: body → id. */
  acked: Map<string, string>;
  retries: number;
  lastFailureAt: number;
}

const newTally = (): Tally => ({
  requests: 0,
  byStatus: new Map(),
  acked: new Map(),
  retries: 0,
  lastFailureAt: 0,
});

function count(tally: Tally, status: string) {
  tally.requests++;
  if (status.startsWith("2")) return;
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  tally.lastFailureAt = Date.now();
}

async function request(url: string, init: RequestInit = {}): Promise<{ status: string; body?: unknown }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    // Nothing the drill sends is wrong: a refusal means something broke on the way. Say what.
    if ([400, 401, 403, 413, 422].includes(res.status)) {
      console.log(`  ${init.method ?? "GET"} ${url} → ${res.status} ${text.slice(0, 300)}`);
    }
    return { status: String(res.status), body };
  } catch (error) {
    // Why the answer was lost: a refused or reset connection, or no answer within 15 s.
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const code =
      typeof cause === "object" && cause !== null && "code" in cause
        ? String(cause.code)
        : cause instanceof Error
          ? cause.name
          : "unknown";
    return { status: `network (${code})` };
  }
}

async function setUp(cluster: Cluster) {
  const db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
  const hash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: READERS + WRITERS + 1 }, (_, i) => `drill${i + 1}@example.com`);
  for (const [i, email] of emails.entries()) {
    await db.query(
      "insert into users (id, email, password_hash, display_name, activated) values (gen_random_uuid(), $1, $2, $3, true)",
      [email, hash, `Drill person ${i + 1}`],
    );
  }
  await db.end();
  const people: Person[] = [];
  for (const email of emails) {
    const login = await request(`${cluster.url}/api/authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: email, password: PASSWORD, rememberMe: false }),
    });
    const token = (login.body as { id_token?: string } | undefined)?.id_token;
    if (!token) throw new Error(`drill person could not sign in: ${login.status}`);
    people.push({ email, token });
  }
  const pages: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const flip = await request(`${cluster.url}/api/v1/site-pages/flip`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `https://drill${i % 8}.example.com/story/${i}` }),
    });
    const id = (flip.body as { id?: string } | undefined)?.id;
    if (!id) throw new Error(`page could not be made: ${flip.status}`);
    pages.push(id);
  }
  const uploader = people[0];
  if (!uploader) throw new Error("nobody to upload");
  const image = await uploadImage(cluster.url, uploader.token);
  return { people, pages, image };
}

async function uploadImage(base: string, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const reserved = await request(`${base}/api/v1/image-attachment-urls`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "IMAGE" }),
  });
  const uploadUrl = (reserved.body as { uploadUrl?: string } | undefined)?.uploadUrl;
  if (!uploadUrl) throw new Error(`no upload address: ${reserved.status} ${JSON.stringify(reserved.body)}`);
  // Noise does not compress: over a megabyte, past a balancer's default body limit (nginx: 1 MB).
  const png = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: "#3a7",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  if (png.length < 1_100_000) throw new Error(`the drill's image is only ${png.length} bytes`);
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "drill.png");
  const uploaded = await request(new URL(uploadUrl, base).toString(), {
    method: "POST",
    headers: auth,
    body: form,
  });
  const url = (uploaded.body as { url?: string } | undefined)?.url;
  if (!url) throw new Error(`upload failed: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  return new URL(url, base).pathname;
}

/** Mixed load until `stop` is set: signed-in reads round the pages and the image, and writes. */
function load(cluster: Cluster, setup: Awaited<ReturnType<typeof setUp>>, tally: Tally, label: string) {
  let stopped = false;
  const readers = setup.people.slice(1, 1 + READERS).map(async (person, r) => {
    const auth = { authorization: `Bearer ${person.token}` };
    for (let i = r; !stopped; i++) {
      const page = setup.pages[i % setup.pages.length];
      const path =
        i % 5 === 4
          ? setup.image
          : i % 5 === 3
            ? `/?url=${encodeURIComponent(`https://drill${i % 8}.example.com/story/${i % PAGES}`)}`
            : `/api/v1/site-page-comments?searchAnd=sitePage_id==${page},COMMENT`;
      const res = await request(`${cluster.url}${path}`, { headers: auth });
      count(tally, path === setup.image && res.status === "404" ? "404 (file)" : res.status);
    }
  });
  const writers = setup.people.slice(1 + READERS).map(async (person, w) => {
    const auth = { authorization: `Bearer ${person.token}`, "content-type": "application/json" };
    for (let i = 0; !stopped; i++) {
      const body = `${label} — writer ${w + 1}, comment ${i + 1} (${randomUUID()})`;
      const key = randomUUID();
      const page = setup.pages[(w * 7 + i) % setup.pages.length];
      // As the web app does: the same key again after a lost answer, a few times.
      for (let attempt = 0; attempt < 6; attempt++) {
        if (attempt > 0) {
          tally.retries++;
          await sleep(250 * attempt);
        }
        const res = await request(`${cluster.url}/api/v1/site-page-comments`, {
          method: "POST",
          headers: { ...auth, "idempotency-key": key },
          body: JSON.stringify({ sitePage_id: page, body }),
        });
        count(tally, res.status);
        const id = (res.body as { id?: string } | undefined)?.id;
        if (res.status === "201" && id) {
          tally.acked.set(body, id);
          break;
        }
        if (!res.status.startsWith("network") && !["502", "503", "504", "409"].includes(res.status)) break;
      }
    }
  });
  return async () => {
    stopped = true;
    await Promise.all([...readers, ...writers]);
  };
}

async function allReady(cluster: Cluster) {
  for (const instance of cluster.instances) {
    const res = await request(`${instance.url}/api/ready`);
    if (res.status !== "200") return false;
  }
  return true;
}

/** Until every instance is ready and a write goes through the balancer: the time it took. */
async function recovery(cluster: Cluster, person: Person, page: string, since: number) {
  for (;;) {
    if (await allReady(cluster)) {
      const res = await request(`${cluster.url}/api/v1/site-page-comments`, {
        method: "POST",
        headers: { authorization: `Bearer ${person.token}`, "content-type": "application/json" },
        body: JSON.stringify({ sitePage_id: page, body: `recovery probe ${randomUUID()}` }),
      });
      if (res.status === "201") return Date.now() - since;
    }
    if (Date.now() - since > 120_000) return Number.POSITIVE_INFINITY;
    await sleep(50);
  }
}

async function checkWrites(cluster: Cluster, tally: Tally, label: string) {
  const db = new pg.Client({ connectionString: cluster.postgres.url });
  await db.connect();
  const ids = [...tally.acked.values()];
  const found = await db.query("select count(*)::int as n from contributions where id = any($1::uuid[])", [
    ids,
  ]);
  const duplicates = await db.query(
    "select count(*)::int as n from (select body from contributions where body like $1 group by body having count(*) > 1) d",
    [`${label} — %`],
  );
  await db.end();
  return { missing: ids.length - (found.rows[0]?.n ?? 0), duplicates: duplicates.rows[0]?.n ?? 0 };
}

interface Row {
  drill: string;
  requests: number;
  failures: string;
  acked: number;
  retries: number;
  missing: number;
  duplicates: number;
  recoveryMs: number;
}

async function drill(
  cluster: Cluster,
  setup: Awaited<ReturnType<typeof setUp>>,
  name: string,
  fault: () => Promise<void>,
): Promise<Row> {
  const tally = newTally();
  const label = `drill ${name}`;
  const stop = load(cluster, setup, tally, label);
  await sleep(3_000);
  const started = Date.now();
  await fault();
  const faultEnded = Date.now();
  const probe = setup.people[0];
  const page = setup.pages[0];
  if (!probe || !page) throw new Error("no probe");
  const recoveryMs = await recovery(cluster, probe, page, faultEnded);
  await sleep(Math.max(0, DRILL_SECONDS * 1000 - (Date.now() - started)));
  await stop();
  const { missing, duplicates } = await checkWrites(cluster, tally, label);
  const failures = [...tally.byStatus.entries()]
    .sort()
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
  return {
    drill: name,
    requests: tally.requests,
    failures: failures || "none",
    acked: tally.acked.size,
    retries: tally.retries,
    missing,
    duplicates,
    recoveryMs,
  };
}

/** How long until instance 2 shows a comment written through instance 1 (read without a cookie). */
async function staleness(cluster: Cluster, setup: Awaited<ReturnType<typeof setUp>>) {
  const [one, two] = cluster.instances;
  const writer = setup.people[0];
  if (!one || !two || !writer) throw new Error("two instances and a writer");
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const page = setup.pages[i % setup.pages.length];
    const list = `${two.url}/api/v1/site-page-comments?searchAnd=sitePage_id==${page},COMMENT&size=100`;
    await request(list); // cached on instance 2 now
    const body = `staleness ${i} ${randomUUID()}`;
    const written = await request(`${one.url}/api/v1/site-page-comments`, {
      method: "POST",
      headers: { authorization: `Bearer ${writer.token}`, "content-type": "application/json" },
      body: JSON.stringify({ sitePage_id: page, body }),
    });
    const at = Date.now();
    if (written.status !== "201") throw new Error(`staleness write: ${written.status}`);
    for (;;) {
      const res = await request(list);
      if (Array.isArray(res.body) && res.body.some((c: { body?: string }) => c.body === body)) break;
      if (Date.now() - at > 10_000) break;
    }
    samples.push(Date.now() - at);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)] ?? 0, max: samples.at(-1) ?? 0 };
}

async function uploadsEverywhere(cluster: Cluster, image: string) {
  const statuses: string[] = [];
  for (const instance of cluster.instances) {
    for (let i = 0; i < 10; i++) statuses.push((await request(`${instance.url}${image}`)).status);
  }
  return statuses.filter((s) => s === "404").length;
}

/**
 * CPU seconds (user + system) a process has used so far, with those of its children that ended
 * (PostgreSQL's backends come and go with the pools' connections).
 */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime, stime, cutime, cstime: fields 14–17 of stat (11–14 after the command).
    return fields.slice(11, 15).reduce((n, f) => n + Number(f), 0) / 100;
  } catch {
    return 0;
  }
}

function pidsOf(pattern: RegExp): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (pattern.test(cmd)) out.push(Number(entry));
    } catch {}
  }
  return out;
}

async function throughput(cluster: Cluster, setup: Awaited<ReturnType<typeof setUp>>) {
  const reader = setup.people[1];
  if (!reader) throw new Error("no reader");
  const paths = setup.pages.map((p) => `/api/v1/site-page-comments?searchAnd=sitePage_id==${p},COMMENT`);
  const run = async () => {
    let i = 0;
    const result = await autocannon({
      url: cluster.url,
      connections: 20,
      duration: 10,
      headers: { authorization: `Bearer ${reader.token}` },
      requests: [
        {
          setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[i++ % paths.length] ?? "/" }),
        },
      ],
    });
    return result.requests.average;
  };
  const components = {
    instances: () => cluster.instances.map((i) => i.server?.pid ?? 0).filter(Boolean),
    balancer: () => pidsOf(/haproxy -db|nginx: (master|worker)/),
    postgres: () => pidsOf(/^postgres:|\/bin\/postgres /),
    redis: () => pidsOf(/redis-server/),
    "load generator": () => [process.pid],
  };
  const usage = () =>
    Object.fromEntries(
      Object.entries(components).map(([name, pids]) => [
        name,
        pids().reduce((n, pid) => n + cpuSeconds(pid), 0),
      ]),
    );
  await run(); // warm-up
  const before = usage();
  const two = await run();
  const after = usage();
  const cpu = Object.entries(after).map(([name, s]) => `${name} ${(s - (before[name] ?? 0)).toFixed(1)} s`);
  await cluster.stopInstance(1);
  // The balancer's health check takes the stopped one out at once (its port refuses).
  const one = await run();
  await cluster.start(1);
  return { two, one, cpu: cpu.join(", ") };
}

async function main() {
  const balancer = balancerKind(process.env.BALANCER);
  console.log(`Starting the cluster: 2 instances, ${balancer}, PostgreSQL, Redis, s3rver …`);
  const cluster = await startCluster({
    instances: 2,
    balancer,
    env: {
      RATE_LIMIT_FLIP_PER_IP: "1000000000",
      RATE_LIMIT_SEARCH_PER_IP: "1000000000",
      RATE_LIMIT_CONTRIB_NEW_PER_MINUTE: "1000000000",
      RATE_LIMIT_CONTRIB_NEW_PER_DAY: "1000000000",
      RATE_LIMIT_CONTRIB_PER_MINUTE: "1000000000",
      RATE_LIMIT_UPLOAD_PER_HOUR: "1000000000",
      RATE_LIMIT_LOGIN_PER_IP: "1000000000",
      PAGE_FETCH_ENABLED: "false",
    },
  });
  try {
    const setup = await setUp(cluster);
    const rows: Row[] = [];
    const run = async (name: string, fault: () => Promise<void>) => {
      console.log(`drill: ${name}`);
      for (const index of cluster.instances.keys()) await cluster.untilInService(index);
      rows.push(await drill(cluster, setup, name, fault));
    };
    await run("no fault", async () => {});
    await run("kill -9 of one instance", async () => {
      await cluster.kill(0);
      await sleep(2_000);
      await cluster.start(0);
    });
    await run("rolling restart of both", async () => {
      for (const index of [0, 1]) {
        await cluster.stopInstance(index);
        await cluster.start(index);
        // As docs/deploy.md says: the next one only once the balancer uses this one again.
        await cluster.untilInService(index);
      }
    });
    await run("PostgreSQL restart", async () => {
      await cluster.postgres.stop();
      await cluster.postgres.start();
    });
    await run("Redis stopped 5 s", async () => {
      await cluster.redis.stop();
      await sleep(5_000);
      await cluster.redis.start();
    });
    await run("one instance cut off 5 s (SIGSTOP)", async () => {
      cluster.freeze(1);
      await sleep(5_000);
      cluster.thaw(1);
    });

    console.log(
      "\n| drill | requests | not 2xx | writes acknowledged | retries | acknowledged missing | duplicates | recovered after |",
    );
    console.log("| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |");
    for (const r of rows) {
      const recovered = Number.isFinite(r.recoveryMs) ? `${(r.recoveryMs / 1000).toFixed(2)} s` : "never";
      console.log(
        `| ${r.drill} | ${r.requests} | ${r.failures} | ${r.acked} | ${r.retries} | ${r.missing} | ${r.duplicates} | ${recovered} |`,
      );
    }
    // What went wrong inside, as the running instances logged it (since their last start).
    for (const instance of cluster.instances) {
      const errors = (instance.server?.output() ?? "")
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line))
        .map((line) => line.replace(/"(time|pid|hostname|reqId)":[^,]*,/g, "").slice(0, 300));
      const distinct = [...new Set(errors)];
      console.log(`\n${instance.name} logged ${errors.length} errors${distinct.length ? ":" : ""}`);
      for (const line of distinct.slice(0, 5)) console.log(`  ${line}`);
    }
    const stale = await staleness(cluster, setup);
    console.log(
      `\nAnother instance shows a write after: median ${stale.median} ms, at most ${stale.max} ms (20 writes)`,
    );
    console.log(
      `Uploads read from each instance directly: ${await uploadsEverywhere(cluster, setup.image)} × 404 of 20`,
    );
    const tp = await throughput(cluster, setup);
    console.log(
      `\nSigned-in reads round ${PAGES} pages through the balancer (20 connections, 10 s): 2 instances ${tp.two.toFixed(0)} req/s, 1 instance ${tp.one.toFixed(0)} req/s, ratio ${(tp.two / tp.one).toFixed(2)}`,
    );
    console.log(`CPU during the 2-instance run: ${tp.cpu}`);
  } finally {
    await cluster.stop();
  }
}

await main();
