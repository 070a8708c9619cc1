import { LiveContribution } from "@flipside/contracts/live";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { openStream } from "../../../test/sse.ts";
import { createUser, sendAs } from "../../../test/users.ts";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config.ts";

/**
 * Two instances on one database and one Redis, as behind a load balancer (docs/live.md): a stream
 * open on one hears of a comment written and dispatched by the other. The machine runs Redis on 127.0.0.1:6379 (TEST_REDIS_URL to use another).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const settings = {
  PAGE_FETCH_ENABLED: "false",
  RATE_LIMIT_ENABLED: "false",
  REDIS_URL,
  OUTBOX_POLL_INTERVAL_MS: "200",
};

let first: TestApp;
let second: FastifyInstance;
let base: string;

beforeAll(async () => {
  first = await createTestApp(settings);
  second = await buildApp(testConfig({ DATA_DIR: inject("testDataDir"), ...settings }), {
    database: first.database,
  });
  await second.ready();
  base = await first.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe("live updates across instances", () => {
  it("reach a stream on one instance from a write on the other, through Redis", async () => {
    const pageId = (
      await second.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        payload: { url: "https://two.com/" },
      })
    ).json().id;
    const writer = await createUser(second, { displayName: "Wren Elsewhere" });
    const reader = await createUser(first.app, { displayName: "Rhea Reader" });
    const stream = await openStream(`${base}/api/v1/events?pageId=${pageId}`, {
      authorization: `Bearer ${reader.token}`,
    });
    try {
      expect(stream.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const { id } = await sendAs(second, writer, "/api/v1/site-page-comments", {
          sitePage_id: pageId,
          body: `From the other instance, ${i}`,
        });
        const event = await stream.next((e) => e.event === "contribution" && JSON.parse(e.data).id === id);
        expect(LiveContribution.parse(JSON.parse(event.data))).toMatchObject({ id, pageId, kind: "COMMENT" });
      }
      // Each once.
      expect(stream.events.filter((e) => e.event === "contribution")).toHaveLength(3);
    } finally {
      stream.close();
    }
  });
});
