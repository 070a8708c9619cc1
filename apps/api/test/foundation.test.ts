import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase, PGLITE_SHARED_BUFFERS } from "../src/db/client.ts";
import { sites } from "../src/db/schema/discussion.ts";
import { createTestApp, createTestDatabase, type TestApp } from "./helper.ts";

let t: TestApp;
beforeAll(async () => {
  // A route used only here, to reach the body limit and the validation mapping.
  t = await createTestApp({ BODY_LIMIT_BYTES: "1024" }, (app) => {
    app.post("/api/__test/echo", { schema: { body: z.object({ a: z.string() }) } }, async (r) => r.body);
  });
});
afterAll(() => t.close());

describe("health", () => {
  it("GET /api/health answers ok", async () => {
    const res = await t.app.inject("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });
  it("GET /api/ready reports the database", async () => {
    const res = await t.app.inject("/api/ready");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "up" });
  });
  it("GET /api/ready is 503 when the database is gone", async () => {
    const db = await createTestDatabase();
    const { buildApp } = await import("../src/app.ts");
    const { testConfig } = await import("../src/config.ts");
    const app = await buildApp(testConfig(), { database: db });
    await db.close();
    const res = await app.inject("/api/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", database: "down" });
    await app.close();
  });
});

describe("problem details", () => {
  it("unknown /api paths are 404 problem details", async () => {
    const res = await t.app.inject("/api/nope/nothing");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json()).toMatchObject({ status: 404, title: "Not Found", type: "about:blank" });
  });
  it("a body over the limit is 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__test/echo",
      payload: { a: "x".repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, title: "Content Too Large", code: "payload_too_large" });
  });
  it("malformed JSON is 400, never a stack trace", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__test/echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
  it("schema failures name the field", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/__test/echo", payload: { a: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: "a" })]);
  });
});

describe("headers and docs", () => {
  it("sets security headers and a request id", async () => {
    const res = await t.app.inject("/api/health");
    // Helmet's defaults, less the ones we set ourselves (CSP, HSTS) or leave out (COEP, X-Frame-Options).
    expect(res.headers).toMatchObject({
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-site",
      "origin-agent-cluster": "?1",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
    expect(res.headers["cross-origin-embedder-policy"]).toBeUndefined();
    expect(res.headers["x-frame-options"]).toBeUndefined();
    expect(res.headers["content-security-policy"]).toContain("object-src 'none'");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]+$/);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
  it("serves an OpenAPI 3.1 document and the docs UI", async () => {
    const doc = await t.app.inject("/api/openapi.json");
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(body.openapi).toMatch(/^3\.1/);
    expect(Object.keys(body.paths)).toContain("/api/health");
    const ui = await t.app.inject("/api/docs/");
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain("swagger");
  });
});

describe("test databases", () => {
  it("gives each caller a migrated database of its own", async () => {
    const [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      // Migrated: the schema is there without running migrations again.
      await one.db.insert(sites).values({ domain: "clone-one.example" });
      // Its own: what one clone writes, the other never sees.
      expect(await one.db.select({ domain: sites.domain }).from(sites)).toEqual([
        { domain: "clone-one.example" },
      ]);
      expect(await two.db.select().from(sites)).toEqual([]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

describe("the embedded database", () => {
  it("keeps PostgreSQL's shared buffers small, since they live in the server's own memory", async () => {
    const embedded = await openDatabase({ kind: "pglite" }, { migrate: false });
    try {
      const { rows } = await embedded.execute("show shared_buffers");
      expect(rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
      expect(PGLITE_SHARED_BUFFERS).toBe("32MB");
      // The rest of initdb's configuration stands.
      const settings = await embedded.execute(
        "select current_setting('TimeZone') as tz, current_setting('default_text_search_config') as ts",
      );
      expect(settings.rows).toEqual([{ tz: "UTC", ts: "pg_catalog.english" }]);
    } finally {
      await embedded.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("lets an in-flight request finish before closing", async () => {
    let started = () => {};
    const handlerStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const local = await createTestApp({}, (app) => {
      app.get("/api/__test/slow", async () => {
        started();
        await new Promise((r) => setTimeout(r, 300));
        return { done: true };
      });
    });
    await local.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = local.app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/api/__test/slow`);
    // Close only once the request is being handled (not after a guessed delay).
    await handlerStarted;
    const closing = local.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closing;
  });
});

describe("compressed answers", () => {
  it("compresses large JSON for clients that accept it, and only those", async () => {
    const plain = await t.app.inject("/api/openapi.json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await t.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gz = await t.app.inject({ url: "/api/openapi.json", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("leaves small answers as they are", async () => {
    const res = await t.app.inject({ url: "/api/health", headers: { "accept-encoding": "br, gzip" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("never inflates a compressed request body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/__test/echo",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ a: "x" })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });
});
