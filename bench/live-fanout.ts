// Live fan-out (issue 13, docs/live.md): how many open page views one instance keeps while comments
// arrive, and how long a comment takes to reach every one of them. Streams are plain HTTP/1.1
// connections read in this process; the comments are posted one at a time through the API.
import http from "node:http";

export interface FanoutResult {
  streams: number;
  opened: number;
  comments: number;
  delivered: number;
  expected: number;
  /** The same comments' POST round trip with no stream open: the baseline of this run. */
  postP50: number;
  postP99: number;
  deliveryP50: number;
  deliveryP99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
    : NaN;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(base: string, token: string, pageId: string, body: string) {
  const sent = performance.now();
  const res = await fetch(`${base}/api/v1/site-page-comments`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ sitePage_id: pageId, body }),
  });
  if (res.status !== 201) throw new Error(`comment not saved: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, sent, took: performance.now() - sent };
}

export async function measureFanout(opts: {
  base: string;
  pageId: string;
  token: string;
  streams: number;
  comments: number;
  intervalMs: number;
}): Promise<FanoutResult> {
  const { base, pageId, token } = opts;
  // The baseline: the writer's own wait, nobody listening.
  const baseline: number[] = [];
  for (let i = 0; i < opts.comments; i++) {
    baseline.push((await post(base, token, pageId, `Baseline comment ${i}`)).took);
    await pause(opts.intervalMs);
  }

  const received = new Map<string, number[]>();
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  let opened = 0;
  const url = new URL(`${base}/api/v1/events?pageId=${pageId}`);
  await Promise.all(
    Array.from(
      { length: opts.streams },
      () =>
        new Promise<void>((resolve) => {
          const req = http.get(url, { agent, headers: { accept: "text/event-stream" } }, (res) => {
            if (res.statusCode !== 200) {
              res.resume();
              resolve();
              return;
            }
            res.setEncoding("utf8");
            let buffer = "";
            let ready = false;
            res.on("data", (chunk: string) => {
              const at = performance.now();
              buffer += chunk;
              let end = buffer.indexOf("\n\n");
              while (end >= 0) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                end = buffer.indexOf("\n\n");
                if (!ready && block.startsWith("retry:")) {
                  ready = true;
                  opened++;
                  resolve();
                }
                const data = /^data: (.*)$/m.exec(block)?.[1];
                if (!data || !block.includes("event: contribution")) continue;
                const { id } = JSON.parse(data) as { id: string };
                received.set(id, [...(received.get(id) ?? []), at]);
              }
            });
            res.on("error", () => resolve());
          });
          req.on("error", () => resolve());
          requests.push(req);
        }),
    ),
  );

  const sent: { id: string; sent: number }[] = [];
  for (let i = 0; i < opts.comments; i++) {
    sent.push(await post(base, token, pageId, `Live comment ${i}`));
    await pause(opts.intervalMs);
  }
  const expected = opened * sent.length;
  const deadline = performance.now() + 15_000;
  const delivered = () => sent.reduce((n, s) => n + (received.get(s.id)?.length ?? 0), 0);
  while (delivered() < expected && performance.now() < deadline) await pause(50);
  const latencies = sent
    .flatMap((s) => (received.get(s.id) ?? []).map((at) => at - s.sent))
    .sort((a, b) => a - b);
  for (const req of requests) req.destroy();
  agent.destroy();
  baseline.sort((a, b) => a - b);
  return {
    streams: opts.streams,
    opened,
    comments: sent.length,
    delivered: delivered(),
    expected,
    postP50: percentile(baseline, 50),
    postP99: percentile(baseline, 99),
    deliveryP50: percentile(latencies, 50),
    deliveryP99: percentile(latencies, 99),
  };
}
