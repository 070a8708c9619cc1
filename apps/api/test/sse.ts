import { Agent, fetch } from "undici";

/** One event of a text/event-stream, as a browser's EventSource would hand it over. */
export interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * A Server-Sent Events stream read over real HTTP (inject cannot stream): its events in order,
 * heartbeat comments counted, `next` waiting for the next event that matches.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  // A connection pool of its own, closed with the stream: a shared pool's spare connections would
  // keep the test's server from closing.
  const agent = new Agent({ pipelining: 0 });
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: abort.signal,
    dispatcher: agent,
  });
  // A refusal is read at once, as a browser would, so its connection is free again.
  const refusal = res.headers.get("content-type")?.startsWith("text/event-stream")
    ? undefined
    : await res.text();
  if (refusal !== undefined) await agent.close();
  const events: SseEvent[] = [];
  let comments = 0;
  let retry: number | undefined;
  let ended = false;
  const waiting = new Set<() => void>();
  const poke = () => {
    for (const w of waiting) w();
  };
  const read = async () => {
    if (!res.body || refusal !== undefined) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
          const event: SseEvent = { event: "message", id: undefined, data: "" };
          let fields = 0;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments++;
            else if (line.startsWith("retry: ")) retry = Number(line.slice(7));
            else {
              const [field, ...rest] = line.split(": ");
              const value = rest.join(": ");
              fields++;
              if (field === "event") event.event = value;
              else if (field === "id") event.id = value;
              else if (field === "data") event.data = value;
            }
          }
          if (fields > 0) events.push(event);
        }
        poke();
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      poke();
    }
  };
  void read();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments: () => comments,
    retry: () => retry,
    ended: () => ended,
    /** The first event from `from` on that matches, waiting up to `ms` for it. */
    async next(match: (e: SseEvent) => boolean = () => true, ms = 5_000, from = 0): Promise<SseEvent> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        if (ended) throw new Error(`stream ended; events: ${JSON.stringify(events)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event in ${ms} ms; events: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          };
          const timer = setTimeout(done, left);
          waiting.add(done);
        });
      }
    },
    /** Waits until the stream has ended (the server closed it). */
    async closed(ms = 5_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!ended) {
        if (Date.now() > deadline) throw new Error("the stream is still open");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Problem details when the server refused the stream. */
    json: (): unknown => JSON.parse(refusal ?? "null"),
    close: () => {
      abort.abort();
      void agent.destroy();
    },
  };
}

export type Stream = Awaited<ReturnType<typeof openStream>>;
