import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import dns2 from "dns2";

const { Packet } = dns2;
const NXDOMAIN = 3;

/**
 * A real DNS server on loopback (dns2), answering from a zone the test writes: TXT records for
 * DNS proofs, and A records so that a claimed domain and its www resolve to this machine, where
 * `startSiteServer` plays the site. Names not in the zone answer NXDOMAIN.
 */
export async function startDnsServer() {
  const txt = new Map<string, string[][]>();
  const a = new Map<string, string>();
  const known = (name: string) => txt.has(name) || a.has(name);
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      // dns2's own type declarations lag its code: answers are plain records.
      const answers = response.answers as unknown as object[];
      const [question] = request.questions;
      const name = (question?.name ?? "").toLowerCase().replace(/\.$/, "");
      const type = (question as { type?: number } | undefined)?.type;
      if (!known(name)) {
        (response.header as { rcode?: number }).rcode = NXDOMAIN;
      } else if (type === Packet.TYPE.TXT) {
        for (const data of txt.get(name) ?? []) {
          answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data });
        }
      } else if (type === Packet.TYPE.A && a.has(name)) {
        answers.push({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 1, address: a.get(name) });
      }
      send(response);
    },
  });
  const addresses = (await (server.listen({ udp: { port: 0, address: "127.0.0.1" } }) as unknown)) as {
    udp: AddressInfo;
  };
  return {
    /** For DNS_SERVERS. */
    address: `127.0.0.1:${addresses.udp.port}`,
    /** Each record is its character-strings (one string is one record of one string). */
    setTxt(domain: string, records: (string | string[])[]) {
      txt.set(
        domain,
        records.map((r) => (Array.isArray(r) ? r : [r])),
      );
    },
    /** The domain (and its www) resolves to loopback. */
    pointAtLoopback(domain: string) {
      a.set(domain, "127.0.0.1");
      a.set(`www.${domain}`, "127.0.0.1");
      if (!txt.has(domain)) txt.set(domain, []);
    },
    forget(domain: string) {
      txt.delete(domain);
      a.delete(domain);
      a.delete(`www.${domain}`);
    },
    close: () => server.close(),
  };
}

interface Answer {
  status: number;
  body: string;
  location?: string;
}

/**
 * An HTTP server on loopback playing every claimed site at once: it answers by Host header and
 * path from what the test set (`SITE_VERIFICATION_HTTP_PORT` points the checks at it).
 */
export async function startSiteServer() {
  const answers = new Map<string, Answer>();
  const hits: string[] = [];
  const server: Server = createHttpServer((req, res) => {
    const host = (req.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    const key = `${host}${req.url ?? "/"}`;
    hits.push(key);
    const answer = answers.get(key) ?? { status: 404, body: "Not found" };
    res.writeHead(answer.status, {
      "content-type": key.endsWith(".txt") ? "text/plain" : "text/html; charset=utf-8",
      ...(answer.location ? { location: answer.location } : {}),
    });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    /** What `http://{host}{path}` answers. */
    set(host: string, path: string, answer: Answer) {
      answers.set(`${host}${path}`, answer);
    },
    clear(host: string, path: string) {
      answers.delete(`${host}${path}`);
    },
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const homePageWithMeta = (token: string, extraHead = "") =>
  `<!doctype html><html><head><title>Home</title>${extraHead}<meta name="flipside-verification" content="${token}"></head><body>Hi</body></html>`;
