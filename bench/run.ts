// `npm run bench`: seeds a page with 10,000 comments and 50 other pages with 60 comments each,
// starts the production build and a bare Fastify hello-world beside it, then loads both with
// autocannon and prints one table of req/s and latency with each figure's ratio to the
// hello-world route measured in the same run (this machine is shared and noisy: absolute numbers
// mean little, ratios travel), and the server's resident memory after the runs.
//
// The first rows measure one URL (what the caches answer best); the "40 pages" rows go round the
// pages, signed-in rows round ten people with real sessions, the way a community uses it. With
// DATABASE_URL set the rows run on that PostgreSQL server and the page views are measured again
// on the embedded database (PGlite) in rows of their own.
import { fork } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pageCountsPath } from "@flipside/contracts/page-hash";
import { tryNormalizeUrl } from "@flipside/contracts/url-normalize";
import autocannon from "autocannon";
import pg from "pg";
import { type FanoutResult, measureFanout } from "./live-fanout.ts";
import { type Seeded, seedBench } from "./seed.ts";
import { startBenchServer } from "./server.ts";

const root = new URL("..", import.meta.url).pathname;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * Issue 14's bound on the server's RSS on the PostgreSQL server. With the embedded database the
 * process holds PostgreSQL too (its shared buffers, caches and WebAssembly heap): printed, not judged.
 */
const MEMORY_TARGET_MB = 250;
const EMBEDDED_MEMORY = "— (PostgreSQL runs inside this process)";
/**
 * `BENCH_ONLY=signed` measures only the rows whose name contains it (and the ceiling);
 * `BENCH_ONLY="bell|vote|live fan-out"` those that contain any of them.
 */
const only = process.env.BENCH_ONLY?.split("|").filter(Boolean);
const wanted = (name: string) => !only?.length || only.some((part) => name.includes(part));

interface Request {
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

/** The i-th item, going round the list. */
const pick = <T>(list: T[], i: number) => list[i % list.length] as T;

interface Scenario {
  name: string;
  target?: { ratio: number; p99Ms?: number };
  request: Request & { url: string };
  /** Each request in turn: the path (and headers, body) of the i-th request, for rotating rows. */
  rotate?: (i: number) => Request & { path: string };
  /** One thing a person does takes this many requests: req/s is divided by it (latency stays per request). */
  requestsPerOp?: number;
}

async function load(s: Scenario) {
  const headers = { "content-type": "application/json", ...s.request.headers };
  let i = 0;
  const rotate = s.rotate;
  const opts = {
    url: s.request.url,
    method: s.request.method ?? "GET",
    connections,
    duration,
    ...(s.request.body ? { body: s.request.body } : {}),
    headers,
    ...(rotate
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const r = rotate(i++);
                return { ...req, ...r, headers: { ...headers, ...r.headers } };
              },
            },
          ],
        }
      : {}),
  };
  await autocannon({ ...opts, duration: Math.min(2, duration) }); // warm-up
  const r = await autocannon(opts);
  const non2xx = r.non2xx + r.errors + r.timeouts;
  return {
    rps: r.requests.average / (s.requestsPerOp ?? 1),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx,
    total: r.requests.total,
  };
}

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const html = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br, zstd" };
const commentsPath = (pageId: string) =>
  `/api/v1/site-page-comments?searchAnd=${encodeURIComponent(`sitePage_id==${pageId},deleted==false,COMMENT`)}&page=0&size=25`;
const pageViewPath = (url: string) => `/?url=${encodeURIComponent(url)}`;

/** A rotation page the API does not know would measure the creation of a new, empty page. */
async function expectKnown(base: string, pages: Seeded["rotation"]) {
  for (const page of pages) {
    const res = await fetch(`${base}/api/v1/site-pages/flip`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: page.url, back: true }),
    });
    const known = res.ok && ((await res.json()) as { id: string }).id === page.id;
    if (!known) throw new Error(`the seeded page ${page.url} is not the one the API finds`);
  }
}

/**
 * How many domain events the rows above left waiting, and how long the server took to handle
 * them (notifications and live updates lag by that much after a burst of writes). Only on the
 * PostgreSQL server: the embedded database is inside the server process.
 */
async function outboxDrain(databaseUrl: string | undefined) {
  if (!databaseUrl) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pending = async () =>
      Number(
        (await client.query("select count(*) as n from outbox_events where processed_at is null")).rows[0]
          ?.n ?? 0,
      );
    const first = await pending();
    const started = performance.now();
    while (performance.now() - started < 120_000) {
      if ((await pending()) === 0) return { pending: first, seconds: (performance.now() - started) / 1000 };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { pending: first, seconds: null };
  } finally {
    await client.end();
  }
}

/** The page views over the rotation, anonymous and signed in. */
function pageViewRows(
  seeded: Seeded,
  base: string,
  tokens: string[],
  where: string,
  targets: boolean,
): Scenario[] {
  const pages = seeded.rotation;
  return [
    {
      // A signed-in view is the shared HTML, then the browser's two calls after hydration (who is
      // signed in, and their own part of the page; decision 011): all three, and req/s counts views.
      name: `page view, signed in (cookie): HTML + /account + /mine, ${pages.length} pages${where}`,
      ...(targets ? { target: { ratio: 0.01, p99Ms: 100 } } : {}),
      request: { url: base },
      requestsPerOp: 3,
      rotate: (i) => {
        const view = Math.floor(i / 3);
        const page = pick(pages, view);
        const cookie = `flipside_token=${pick(tokens, view)}`;
        if (i % 3 === 0) return { path: pageViewPath(page.url), headers: { ...html, cookie } };
        return {
          path: i % 3 === 1 ? "/api/account" : `/api/v1/site-pages/${page.id}/mine`,
          headers: { cookie },
        };
      },
    },
    {
      name: `page view, anonymous, ${pages.length} pages${where}`,
      ...(targets ? { target: { ratio: 0.02 } } : {}),
      request: { url: base },
      rotate: (i) => ({ path: pageViewPath(pick(pages, i).url), headers: html }),
    },
  ];
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), "flipside-bench-"));
  const seeded = await seedBench({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });

  const hello = fork(join(root, "bench/hello-server.ts"), { execArgv: ["--import", "tsx"], stdio: "ignore" });
  const helloPort = await new Promise<number>((resolve) =>
    hello.once("message", (m) => resolve((m as { port: number }).port)),
  );
  const results: { s: Scenario; r: Awaited<ReturnType<typeof load>>; rssMb?: number }[] = [];
  /** With `rssMb`, each row notes the server's RSS right after it: which rows grew the memory row. */
  const measure = async (scenarios: Scenario[], rssMb?: () => number) => {
    for (const s of scenarios) {
      if (results.length > 0 && !wanted(s.name)) continue;
      const r = await load(s);
      results.push({ s, r, ...(rssMb ? { rssMb: rssMb() } : {}) });
      process.stderr.write(`  measured ${s.name}\n`);
    }
  };
  const memory: { name: string; mb: number; judged: boolean }[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const server = await startBenchServer(seeded, dataDir, databaseUrl);
    cleanups.push(server.stop);
    const { base, tokens, blockerToken } = server;
    const pages = seeded.rotation;
    const prefixes = pages.map((page) =>
      createHash("sha256")
        .update(tryNormalizeUrl(page.url)?.normalizedUrl ?? page.url)
        .digest("hex")
        .slice(0, 4),
    );
    await expectKnown(base, pages);
    // Comments to vote on: the first few of each rotation page.
    const votable: string[] = [];
    for (const page of pages) {
      const res = await fetch(`${base}${commentsPath(page.id)}`);
      votable.push(...((await res.json()) as { id: string }[]).slice(0, 5).map((c) => c.id));
    }
    // Live fan-out: page views held open on one page while comments arrive (BENCH_LIVE_STREAMS);
    // measured before the write rows, whose outbox events would still be waiting in line.
    let fanout: (FanoutResult & { rssMb: number }) | undefined;
    if (wanted("live fan-out")) {
      const result = await measureFanout({
        base,
        pageId: pick(pages, 0).id,
        token: tokens[0] ?? "",
        streams: Number(process.env.BENCH_LIVE_STREAMS ?? 1000),
        comments: 20,
        intervalMs: 200,
      });
      fanout = { ...result, rssMb: server.rssMb() };
      process.stderr.write("  measured live fan-out\n");
    }
    await measure(
      [
        { name: "hello-world (ceiling)", request: { url: `http://127.0.0.1:${helloPort}/` } },
        {
          name: "comments page 0 (10,000 on page)",
          target: { ratio: 0.15, p99Ms: 25 },
          request: { url: `${base}${commentsPath(seeded.pageId)}` },
        },
        {
          // Not a target of an issue: the same list asked for as a browser asks (compressed).
          name: "comments page 0, brotli (as browsers ask)",
          request: {
            url: `${base}${commentsPath(seeded.pageId)}`,
            headers: { "accept-encoding": "gzip, deflate, br, zstd" },
          },
        },
        {
          name: "flip a known URL",
          target: { ratio: 0.15 },
          request: {
            url: `${base}/api/v1/site-pages/flip`,
            method: "POST",
            body: JSON.stringify({ url: seeded.pageUrl, back: false }),
          },
        },
        {
          // The extension's badge (docs/extension.md#badge): a page opened by someone with the
          // extension asks for its hash prefix's counts (once a minute per prefix). Prefixes of
          // the seeded, discussed pages, so every answer has rows to find and read.
          name: `badge counts by hash prefix (API), ${pages.length} pages' prefixes`,
          target: { ratio: 0.15 },
          request: { url: base },
          rotate: (i) => ({ path: pageCountsPath(pick(prefixes, i)) }),
        },
        {
          // The same for any page on the web: prefixes spread over all 65,536, nearly all never
          // asked for before in the run.
          name: "badge counts by hash prefix (API), any prefix",
          target: { ratio: 0.1 },
          request: { url: base },
          rotate: (i) => ({ path: pageCountsPath(((i * 40_503) % 65_536).toString(16).padStart(4, "0")) }),
        },
        {
          // What the rankings and search are read against: the plainest list of pages.
          name: "recently flipped, first page (API)",
          request: { url: `${base}/api/v1/site-pages?page=0&size=25&sort=createdDate,desc` },
        },
        {
          name: "trending, first page (API)",
          request: { url: `${base}/api/v1/site-pages?sort=trending` },
        },
        {
          name: "trending page, server-rendered (/trending)",
          request: { url: `${base}/trending`, headers: html },
        },
        {
          name: "popular this week (API)",
          request: { url: `${base}/api/v1/site-pages?sort=popular&window=week` },
        },
        {
          name: "popular of all time (API)",
          request: { url: `${base}/api/v1/site-pages?sort=popular&window=all` },
        },
        {
          name: "search, a word in 5,000 titles (API)",
          request: { url: `${base}/api/v1/page-search?q=spread` },
        },
        {
          name: "search, words said 13,000 times (API)",
          request: { url: `${base}/api/v1/page-search?q=${encodeURIComponent("considered opinion")}` },
        },
        {
          name: "search, a typo (API)",
          request: { url: `${base}/api/v1/page-search?q=${encodeURIComponent("sprad-17")}` },
        },
        {
          name: "search suggestions while typing (API)",
          rotate: (i) => ({ path: `/api/v1/page-search/suggestions?q=spread-${1 + (i % 500)}` }),
          request: { url: base },
        },
        {
          // Not shared: scored from the window's activity on every request.
          name: "trending, signed in with a block (API, computed)",
          request: {
            url: `${base}/api/v1/site-pages?sort=trending`,
            headers: { authorization: `Bearer ${blockerToken}` },
          },
        },
        {
          name: "popular this week, signed in with a block (API, computed)",
          request: {
            url: `${base}/api/v1/site-pages?sort=popular&window=week`,
            headers: { authorization: `Bearer ${blockerToken}` },
          },
        },
        {
          name: "server-rendered page view (one URL, anonymous)",
          target: { ratio: 0.03 },
          // Asked for as a browser asks for a page: HTML, compressed if the server can.
          request: { url: `${base}${pageViewPath(seeded.pageUrl)}`, headers: html },
        },
        {
          name: "server-rendered page view (one URL, signed in)",
          request: {
            url: `${base}${pageViewPath(seeded.pageUrl)}`,
            headers: { ...html, cookie: `flipside_token=${tokens[0]}` },
          },
        },
        {
          name: `comments list, signed in (Bearer), ${pages.length} pages`,
          target: { ratio: 0.1, p99Ms: 25 },
          request: { url: base },
          rotate: (i) => ({
            path: commentsPath(pick(pages, i).id),
            headers: { authorization: `Bearer ${pick(tokens, i)}` },
          }),
        },
        ...pageViewRows(seeded, base, tokens, "", true),
        {
          // Every page view asks once, after hydration, as a browser (a reader key per browser).
          name: `ad lookup (API), anonymous, ${pages.length} pages, 40 running campaigns`,
          target: { ratio: 0.1 },
          request: { url: base },
          rotate: (i) => ({
            path: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${pick(pages, i).url}`)}&size=3`,
            headers: { "user-agent": `${BROWSER_UA} reader-${i % 2000}` },
          }),
        },
        {
          // The signed-in page view above with the ad lookup its browser adds (decision 038).
          name: `page view with its ad lookup, signed in: HTML + /account + /mine + /advertisings, ${pages.length} pages`,
          request: { url: base },
          requestsPerOp: 4,
          rotate: (i): Request & { path: string } => {
            const view = Math.floor(i / 4);
            const page = pick(pages, view);
            const cookie = `flipside_token=${pick(tokens, view)}`;
            const step = i % 4;
            if (step === 0) return { path: pageViewPath(page.url), headers: { ...html, cookie } };
            if (step === 1) return { path: "/api/account", headers: { cookie } };
            if (step === 2) return { path: `/api/v1/site-pages/${page.id}/mine`, headers: { cookie } };
            return {
              path: `/api/v1/advertisings?searchAnd=${encodeURIComponent(`url==${page.url}`)}&size=3`,
              headers: { cookie, "user-agent": BROWSER_UA },
            };
          },
        },
        {
          // Asked after hydration on every page a signed-in person opens, and again on live hints.
          name: "the bell's unread count, signed in (API)",
          request: { url: base },
          rotate: (i) => ({
            path: "/api/v1/notifications/unread-count",
            headers: { authorization: `Bearer ${pick(tokens, i)}` },
          }),
        },
        {
          // A write with its outbox event (the trigger) and, dispatched after it, the notification.
          name: `vote on a comment, signed in, over ${votable.length} comments`,
          request: { url: base, method: "POST" },
          rotate: (i) => ({
            path: "/api/v1/contribution-votes",
            method: "POST",
            headers: { authorization: `Bearer ${pick(tokens, i)}` },
            body: JSON.stringify({ contributionId: pick(votable, i), vote: i % 3 === 0 ? -1 : 1 }),
          }),
        },
        {
          name: `post a comment, signed in, over ${pages.length} pages`,
          target: { ratio: 0.02, p99Ms: 100 },
          request: { url: base, method: "POST" },
          rotate: (i) => ({
            path: "/api/v1/site-page-comments",
            method: "POST",
            // As the web app sends every POST: with a key of its own (plugins/idempotency.ts).
            headers: { authorization: `Bearer ${pick(tokens, i)}`, "idempotency-key": randomUUID() },
            body: JSON.stringify({
              sitePage_id: pick(pages, i).id,
              body: `Bench comment ${i}: a reply with *some* markdown.`,
            }),
          }),
        },
      ],
      server.rssMb,
    );
    memory.push({ name: `server RSS after the rows above`, mb: server.rssMb(), judged: !!databaseUrl });
    const drain = await outboxDrain(seeded.databaseUrl);
    await server.stop();
    cleanups.pop();

    // The embedded rows are page views; seeding them is skipped when BENCH_ONLY rules them out.
    if (databaseUrl && (wanted("page view") || wanted("PGlite"))) {
      // The same page views on the embedded database, with a seed of its own.
      const embeddedDir = mkdtempSync(join(tmpdir(), "flipside-bench-pglite-"));
      cleanups.push(async () => rmSync(embeddedDir, { recursive: true, force: true }));
      const embedded = await seedBench({ dataDir: embeddedDir });
      const pglite = await startBenchServer(embedded, embeddedDir, undefined);
      cleanups.push(pglite.stop);
      await expectKnown(pglite.base, embedded.rotation);
      await measure(
        pageViewRows(embedded, pglite.base, pglite.tokens, " — embedded PGlite", false),
        pglite.rssMb,
      );
      memory.push({ name: "server RSS, embedded PGlite, after its rows", mb: pglite.rssMb(), judged: false });
    }

    const ceiling = results[0]?.r.rps ?? 1;
    const db = databaseUrl ? "PostgreSQL server" : "PGlite (embedded)";
    console.log(
      `\nFlipside bench — ${db}, ${connections} connections, ${duration} s per scenario, node ${process.version}\n`,
    );
    console.log(
      "| scenario | req/s | p50 ms | p99 ms | ratio to hello-world | target | non-2xx | server RSS after, MB |",
    );
    console.log("|---|---:|---:|---:|---:|---|---:|---:|");
    for (const { s, r, rssMb } of results) {
      const ratio = r.rps / ceiling;
      const target = s.target
        ? `≥ ${s.target.ratio}${s.target.p99Ms ? `, p99 ≤ ${s.target.p99Ms} ms` : ""} ${
            ratio >= s.target.ratio && (!s.target.p99Ms || r.p99 <= s.target.p99Ms) ? "✓" : "✗"
          }`
        : "";
      // Nothing answered within the window (BENCH_DURATION shorter than one request): no figures.
      const figures =
        r.total === 0 ? "— | — | — | —" : `${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio.toFixed(3)}`;
      console.log(
        `| ${s.name} | ${figures} | ${r.total === 0 ? "✗ no answer" : target} | ${r.non2xx} | ${rssMb?.toFixed(0) ?? ""} |`,
      );
    }
    if (results.some(({ s }) => s.requestsPerOp))
      console.log(
        "\nA row of several requests per view counts views a second; its latencies are per request.",
      );
    if (drain && drain.pending > 0) {
      console.log(
        `\nThe write rows left ${drain.pending} outbox events (notifications, live updates) to handle; they were handled ${drain.seconds === null ? "not within 120 s" : `in ${drain.seconds.toFixed(1)} s (${(drain.pending / Math.max(drain.seconds, 0.001)).toFixed(0)} events/s)`}.`,
      );
    }
    if (fanout) {
      const f = fanout;
      console.log(
        "\n| live fan-out | open streams | comments | delivered | POST p50 / p99 ms (no stream open) | delivery p50 / p99 ms | delivery p99 ÷ POST p99 | server RSS, MB |",
      );
      console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
      console.log(
        `| one page, comments every 200 ms | ${f.opened} of ${f.streams} | ${f.comments} | ${f.delivered} of ${f.expected} | ${f.postP50.toFixed(1)} / ${f.postP99.toFixed(1)} | ${f.deliveryP50.toFixed(1)} / ${f.deliveryP99.toFixed(1)} | ${(f.deliveryP99 / f.postP99).toFixed(2)} | ${f.rssMb.toFixed(0)} |`,
      );
    }
    console.log("\n| memory | RSS MB | target |\n|---|---:|---|");
    for (const m of memory) {
      const target = m.judged
        ? `≤ ${MEMORY_TARGET_MB} ${m.mb <= MEMORY_TARGET_MB ? "✓" : "✗"}`
        : EMBEDDED_MEMORY;
      console.log(`| ${m.name} | ${m.mb.toFixed(0)} | ${target} |`);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    hello.kill("SIGTERM");
    await seeded.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
