import diagnosticsChannel from "node:diagnostics_channel";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createSafeFetcher,
  isPublicAddress,
  type ResolvedAddress,
  SAFE_FETCH_USER_AGENT,
  SafeFetchError,
} from "./safe-fetch.ts";

// Every connection undici attempts is announced here: blocked targets must never show up.
let connectAttempts = 0;
const onConnect = () => {
  connectAttempts++;
};
diagnosticsChannel.subscribe("undici:client:beforeConnect", onConnect);
afterAll(() => diagnosticsChannel.unsubscribe("undici:client:beforeConnect", onConnect));

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  }
  throw new Error("expected the fetch to fail");
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.0.1",
    "100.64.0.1",
    "100.100.100.200",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "240.0.0.1",
    "192.0.0.8",
    "192.0.2.1",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "2130706433",
    "0x7f000001",
    "0x7f.1",
    "0177.0.0.1",
    "127.1",
    "::",
    "::1",
    "[::1]",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd00:ec2::254",
    "fec0::1",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:0:127.0.0.1",
    "::127.0.0.1",
    "::8.8.8.8",
    "64:ff9b::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "64:ff9b:1::8.8.8.8",
    "2002:7f00:1::1",
    "2002:a00:1::1",
    "2001::1",
    "100::1",
    "",
    "localhost",
    "example.com",
    "1.2.3.4.5",
    "999.1.1.1",
  ])("%j is not public", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "172.32.0.1",
    "100.128.0.1",
    "169.255.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:81c::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
  ])("%j is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("refused before any connection", () => {
  afterEach(() => {
    connectAttempts = 0;
  });

  const resolving = (answers: ResolvedAddress[]) => {
    const calls: string[] = [];
    const lookup = async (host: string) => {
      calls.push(host);
      return answers;
    };
    return { calls, fetcher: createSafeFetcher({ lookup }) };
  };

  it.each<[string, ResolvedAddress[]]>([
    ["loopback", [{ address: "127.0.0.1", family: 4 }]],
    ["private 10/8", [{ address: "10.1.2.3", family: 4 }]],
    ["private 192.168/16", [{ address: "192.168.0.10", family: 4 }]],
    ["private 172.16/12", [{ address: "172.20.0.1", family: 4 }]],
    ["link-local", [{ address: "169.254.10.10", family: 4 }]],
    ["cloud metadata", [{ address: "169.254.169.254", family: 4 }]],
    ["CGNAT", [{ address: "100.64.1.1", family: 4 }]],
    ["multicast", [{ address: "224.0.0.251", family: 4 }]],
    ["unspecified", [{ address: "0.0.0.0", family: 4 }]],
    ["reserved", [{ address: "240.1.1.1", family: 4 }]],
    ["IPv6 loopback", [{ address: "::1", family: 6 }]],
    ["IPv6 link-local", [{ address: "fe80::abcd", family: 6 }]],
    ["IPv6 unique-local", [{ address: "fd12:3456::1", family: 6 }]],
    ["IPv4-mapped IPv6 loopback", [{ address: "::ffff:127.0.0.1", family: 6 }]],
    ["IPv4-mapped IPv6 metadata", [{ address: "::ffff:a9fe:a9fe", family: 6 }]],
    ["IPv4-compatible IPv6", [{ address: "::10.0.0.1", family: 6 }]],
    ["NAT64 of private", [{ address: "64:ff9b::192.168.0.1", family: 6 }]],
    [
      "one private among public answers",
      [
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
    ],
    [
      "public IPv4 with loopback IPv6",
      [
        { address: "8.8.8.8", family: 4 },
        { address: "::1", family: 6 },
      ],
    ],
  ])("%s", async (_name, answers) => {
    const { calls, fetcher } = resolving(answers);
    const error = await failure(fetcher("https://innocent.example.com/page"));
    expect(error.code).toBe("blocked_address");
    expect(calls).toEqual(["innocent.example.com"]);
    expect(connectAttempts).toBe(0);
  });

  it.each([
    "http://127.0.0.1/",
    "http://127.0.0.1:8080/admin",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://127.1/",
    "http://0/",
    "http://0.0.0.0/",
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[fe80::1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "https://[::]/",
  ])("IP literal %s without a DNS lookup", async (url) => {
    const { calls, fetcher } = resolving([{ address: "8.8.8.8", family: 4 }]);
    const error = await failure(fetcher(url));
    expect(error.code).toBe("blocked_address");
    expect(calls).toEqual([]);
    expect(connectAttempts).toBe(0);
  });

  it.each([
    "ftp://example.com/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,hi",
    "gopher://example.com:70/",
    "http://example.com:22/",
    "http://example.com:25/",
    "http://example.com:0/",
    "https://example.com:1023/",
    "not a url",
    "",
  ])("bad URL %j", async (url) => {
    const { calls, fetcher } = resolving([{ address: "8.8.8.8", family: 4 }]);
    const error = await failure(fetcher(url));
    expect(error.code).toBe("bad_url");
    expect(calls).toEqual([]);
    expect(connectAttempts).toBe(0);
  });

  it("reports a DNS failure or an empty answer as a network error", async () => {
    const failing = createSafeFetcher({
      lookup: async () => {
        throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
      },
    });
    expect((await failure(failing("https://nx.example.com/"))).code).toBe("network");
    const empty = createSafeFetcher({ lookup: async () => [] });
    expect((await failure(empty("https://empty.example.com/"))).code).toBe("network");
    expect(connectAttempts).toBe(0);
  });

  it("times out a lookup that never answers", async () => {
    const hanging = createSafeFetcher({ lookup: () => new Promise(() => {}) });
    expect((await failure(hanging("https://slow-dns.example.com/", { timeoutMs: 50 }))).code).toBe("timeout");
    expect(connectAttempts).toBe(0);
  });
});

describe("against a local server", () => {
  let server: Server;
  let port: number;
  let base: string;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const routes: Record<string, (res: ServerResponse) => void> = {
    "/ok": (res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "set-cookie": "sid=secret; Path=/" });
      res.end("<title>Hello</title>");
    },
    "/big": (res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("x".repeat(100_000));
    },
    "/gzip": (res) => {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      res.end(gzipSync("<title>Zipped</title>"));
    },
    "/bomb": (res) => {
      res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
      res.end(gzipSync(Buffer.alloc(50 * 1024 * 1024)));
    },
    "/stall": () => {
      // Never answers.
    },
    "/stall-body": (res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<title>partial");
    },
    "/to-ok": (res) => {
      res.writeHead(302, { location: "/ok", "set-cookie": "track=1; Path=/" });
      res.end();
    },
    "/to-absolute": (res) => {
      res.writeHead(301, { location: `http://127.0.0.1:${port}/ok` });
      res.end();
    },
    "/to-secret": (res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${port}/secret` });
      res.end();
    },
    "/to-metadata": (res) => {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
      res.end();
    },
    "/to-file": (res) => {
      res.writeHead(302, { location: "file:///etc/passwd" });
      res.end();
    },
    "/loop": (res) => {
      res.writeHead(302, { location: "/loop" });
      res.end();
    },
    "/chain1": (res) => {
      res.writeHead(302, { location: "/chain2" });
      res.end();
    },
    "/chain2": (res) => {
      res.writeHead(303, { location: "/chain3" });
      res.end();
    },
    "/chain3": (res) => {
      res.writeHead(308, { location: "/ok" });
      res.end();
    },
    "/secret": (res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("internal secret");
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? "", headers: req.headers });
      const route = routes[(req.url ?? "").split("?")[0] ?? ""];
      if (route) route(res);
      else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  afterEach(() => {
    seen.length = 0;
  });

  const allowLoopback = createSafeFetcher({
    lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    isAllowedAddress: (ip) => ip === "127.0.0.1",
  });

  it("fetches with the bot User-Agent, no cookies, and reports the response", async () => {
    const before = connectAttempts;
    const res = await allowLoopback(`${base}/ok`);
    // The connection counter the "refused before any connection" tests rely on does count.
    expect(connectAttempts).toBeGreaterThan(before);
    expect(res).toMatchObject({
      url: `${base}/ok`,
      status: 200,
      contentType: "text/html; charset=utf-8",
      truncated: false,
    });
    expect(res.body.toString()).toBe("<title>Hello</title>");
    expect(res.headers.get("set-cookie")).toBe("sid=secret; Path=/");
    expect(seen[0]?.headers["user-agent"]).toBe(SAFE_FETCH_USER_AGENT);
    expect(seen[0]?.headers.cookie).toBeUndefined();
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers.accept).toContain("text/html");
  });

  it("never sends URL credentials", async () => {
    await allowLoopback(`http://user:pass@127.0.0.1:${port}/ok`);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it("connects to the address it checked, not to a fresh DNS answer", async () => {
    // "pinned.invalid" does not exist in DNS: only the injected, checked answer can be used.
    const fetcher = createSafeFetcher({
      lookup: async (host) => (host === "pinned.invalid" ? [{ address: "127.0.0.1", family: 4 }] : []),
      isAllowedAddress: (ip) => ip === "127.0.0.1",
    });
    const res = await fetcher(`http://pinned.invalid:${port}/ok`);
    expect(res.status).toBe(200);
    expect(seen[0]?.headers.host).toBe(`pinned.invalid:${port}`);
  });

  it("follows relative and absolute redirects without carrying cookies", async () => {
    const res = await allowLoopback(`${base}/to-ok`);
    expect(res.url).toBe(`${base}/ok`);
    expect(res.body.toString()).toBe("<title>Hello</title>");
    expect(seen.map((s) => s.url)).toEqual(["/to-ok", "/ok"]);
    expect(seen[1]?.headers.cookie).toBeUndefined();
    expect((await allowLoopback(`${base}/to-absolute`)).url).toBe(`${base}/ok`);
  });

  it("follows up to three redirects and refuses a fourth", async () => {
    const res = await allowLoopback(`${base}/chain1`);
    expect(res.url).toBe(`${base}/ok`);
    expect(seen.map((s) => s.url)).toEqual(["/chain1", "/chain2", "/chain3", "/ok"]);
    seen.length = 0;
    expect((await failure(allowLoopback(`${base}/loop`))).code).toBe("too_many_redirects");
    expect(seen).toHaveLength(4);
    seen.length = 0;
    expect((await failure(allowLoopback(`${base}/chain1`, { maxRedirects: 2 }))).code).toBe(
      "too_many_redirects",
    );
    expect((await allowLoopback(`${base}/ok`, { maxRedirects: 0 })).status).toBe(200);
  });

  it("re-checks a redirect target and refuses a private one", async () => {
    // The server is allowed only for the first hop: the redirect to it must be checked again.
    let checks = 0;
    const fetcher = createSafeFetcher({
      lookup: async () => [{ address: "127.0.0.1", family: 4 }],
      isAllowedAddress: (ip) => ip === "127.0.0.1" && ++checks === 1,
    });
    const error = await failure(fetcher(`${base}/to-secret`));
    expect(error.code).toBe("blocked_address");
    expect(checks).toBe(2);
    expect(seen.map((s) => s.url)).toEqual(["/to-secret"]);
  });

  it("refuses redirects to the metadata address and to non-http schemes", async () => {
    expect((await failure(allowLoopback(`${base}/to-metadata`))).code).toBe("blocked_address");
    expect((await failure(allowLoopback(`${base}/to-file`))).code).toBe("bad_url");
  });

  it("by default allows public addresses only (isPublicAddress)", async () => {
    const fetcher = createSafeFetcher({ lookup: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect((await failure(fetcher(`http://sneaky.example.com:${port}/secret`))).code).toBe("blocked_address");
    expect((await failure(fetcher(`${base}/secret`))).code).toBe("blocked_address");
    expect(seen).toHaveLength(0);
  });

  it("caps the body and says it was truncated", async () => {
    const res = await allowLoopback(`${base}/big`, { maxBytes: 1000 });
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(1000);
    const whole = await allowLoopback(`${base}/big`, { maxBytes: 100_000 });
    expect(whole.truncated).toBe(false);
    expect(whole.body.length).toBe(100_000);
  });

  it("fails with too_large when asked to", async () => {
    expect((await failure(allowLoopback(`${base}/big`, { maxBytes: 1000, onTooLarge: "error" }))).code).toBe(
      "too_large",
    );
  });

  it("decompresses gzip and caps the decompressed size (no zip bomb)", async () => {
    const zipped = await allowLoopback(`${base}/gzip`);
    expect(zipped.body.toString()).toBe("<title>Zipped</title>");
    const bomb = await allowLoopback(`${base}/bomb`, { maxBytes: 64 * 1024 });
    expect(bomb.truncated).toBe(true);
    expect(bomb.body.length).toBe(64 * 1024);
  });

  it("times out a server that never answers", async () => {
    expect((await failure(allowLoopback(`${base}/stall`, { timeoutMs: 200 }))).code).toBe("timeout");
  });

  it("times out a body that never ends", async () => {
    expect((await failure(allowLoopback(`${base}/stall-body`, { timeoutMs: 200 }))).code).toBe("timeout");
  });

  it("reports a refused connection as a network error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await failure(allowLoopback(`http://127.0.0.1:${closedPort}/`))).code).toBe("network");
  });
});
