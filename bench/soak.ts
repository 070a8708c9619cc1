// `npm run bench:soak`: the memory check of issue 14. A mixed load — API reads signed in, page
// views signed in and anonymous, and comments written — runs against the production build for
// BENCH_SOAK_MINUTES (10) while the server's resident memory is sampled every 15 s. It passes when
// no sample after the first minute is more than 10% above the first minute's highest (flat) and
// none is above 250 MB. With DATABASE_URL the server runs on that PostgreSQL server (a database
// of its own, dropped afterwards), otherwise on the embedded database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { seedBench } from "./seed.ts";
import { startBenchServer } from "./server.ts";

const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SAMPLE_MS = 15_000;
const LIMIT_MB = 250;
const FLAT_GROWTH = 0.1;

const html = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br, zstd" };

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), "flipside-soak-"));
  const seeded = await seedBench({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const server = await startBenchServer(seeded, dataDir, databaseUrl);
  const samples: { at: number; mb: number; requests: number }[] = [];
  try {
    const { base, tokens } = server;
    const pages = seeded.rotation;
    // Out of every ten requests: four API reads signed in, three page views signed in, two
    // anonymous, one comment written — readers far outnumber writers, as on any forum.
    const mix = ["read", "view", "read", "anon", "view", "read", "write", "anon", "read", "view"] as const;
    let i = 0;
    let requests = 0;
    const started = Date.now();
    samples.push({ at: 0, mb: server.rssMb(), requests: 0 });
    let finish: (result: autocannon.Result) => void = () => {};
    const finished = new Promise<autocannon.Result>((resolve) => {
      finish = resolve;
    });
    const run = autocannon(
      {
        url: base,
        connections,
        duration: minutes * 60,
        requests: [
          {
            setupRequest: (req) => {
              const n = i++;
              const page = pages[n % pages.length] as (typeof pages)[number];
              const token = tokens[n % tokens.length] as string;
              switch (mix[n % mix.length]) {
                case "read":
                  return {
                    ...req,
                    path: `/api/v1/site-page-comments?searchAnd=${encodeURIComponent(`sitePage_id==${page.id},deleted==false,COMMENT`)}&page=0&size=25`,
                    headers: { authorization: `Bearer ${token}` },
                  };
                case "view":
                  return {
                    ...req,
                    path: `/?url=${encodeURIComponent(page.url)}`,
                    headers: { ...html, cookie: `flipside_token=${token}` },
                  };
                case "anon":
                  return { ...req, path: `/?url=${encodeURIComponent(page.url)}`, headers: html };
                default:
                  return {
                    ...req,
                    method: "POST",
                    path: "/api/v1/site-page-comments",
                    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
                    body: JSON.stringify({
                      sitePage_id: page.id,
                      body: `Soak comment ${n}: *some* markdown.`,
                    }),
                  };
              }
            },
          },
        ],
      },
      (error, result) => {
        if (error) throw error;
        finish(result);
      },
    );
    run.on("response", () => {
      requests++;
    });
    // A server that dies mid-run ends the run; its log is printed as it is stopped.
    let died: unknown;
    const timer = setInterval(() => {
      try {
        samples.push({ at: Date.now() - started, mb: server.rssMb(), requests });
      } catch (error) {
        died = error;
        clearInterval(timer);
        run.stop();
        return;
      }
      const last = samples.at(-1);
      process.stderr.write(`  ${((last?.at ?? 0) / 60_000).toFixed(2)} min: ${last?.mb.toFixed(0)} MB\n`);
    }, SAMPLE_MS);
    const result = await finished;
    clearInterval(timer);
    if (died) throw new Error("the server exited during the soak", { cause: died });
    samples.push({ at: Date.now() - started, mb: server.rssMb(), requests });

    const firstMinute = Math.max(...samples.filter((s) => s.at <= 60_000).map((s) => s.mb));
    const later = samples.filter((s) => s.at > 60_000);
    const peak = Math.max(...samples.map((s) => s.mb));
    const laterPeak = later.length ? Math.max(...later.map((s) => s.mb)) : firstMinute;
    const flat = laterPeak <= firstMinute * (1 + FLAT_GROWTH);
    console.log(
      `\nFlipside soak — ${databaseUrl ? "PostgreSQL server" : "PGlite (embedded)"}, ${connections} connections, ${minutes} min, node ${process.version}\n`,
    );
    console.log("| minute | RSS MB | requests so far |");
    console.log("|---:|---:|---:|");
    for (const s of samples.filter((_, k) => k % 4 === 0 || k === samples.length - 1)) {
      console.log(`| ${(s.at / 60_000).toFixed(2)} | ${s.mb.toFixed(0)} | ${s.requests} |`);
    }
    console.log(
      `\n${result.requests.total} requests (${result.requests.average.toFixed(0)} req/s), ${result.non2xx + result.errors + result.timeouts} not 2xx`,
    );
    console.log(
      `first minute's peak ${firstMinute.toFixed(0)} MB, later peak ${laterPeak.toFixed(0)} MB: ${flat ? "flat ✓" : "growing ✗"}; peak ${peak.toFixed(0)} MB ${peak <= LIMIT_MB ? "✓" : "✗"} (≤ ${LIMIT_MB})`,
    );
  } finally {
    await server.stop();
    await seeded.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
