import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { testConfig } from "../src/config.ts";
import { startMailCatcher } from "./mail-catcher.ts";
import { freePort, killIfRunning, START_MS, start, waitReady } from "./server-process.ts";
import { createUser, sendAs } from "./users.ts";

// The embedded database in a data directory the processes take turns on (as server-process.test.ts).
const pgliteOnly = !process.env.TEST_DATABASE_URL;
const dataDir = pgliteOnly ? mkdtempSync(join(tmpdir(), "flipside-crash-")) : "";
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Both processes and the set-up sign the same sessions. */
const shared = {
  DATA_DIR: dataDir,
  JWT_SECRET: "crash-test-secret-crash-test-secret-0123456789",
  PUBLIC_ORIGIN: "http://flipside.test",
  PAGE_FETCH_ENABLED: "false",
  RATE_LIMIT_ENABLED: "false",
  // A mail under way is another sender's again 4 × this after it was claimed.
  SMTP_TIMEOUT_MS: "1500",
};

/** An SMTP server that takes the connection and never says a word. */
async function stalledSmtp() {
  const sockets = new Set<Socket>();
  let connected: () => void = () => {};
  const reached = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    reached,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!pgliteOnly)("a notification mail across a crash", () => {
  it(
    "is sent once by the next process when the first dies with the mail under way (kill -9)",
    async () => {
      // Set up: two people and a question, written by an app on the data directory, then closed.
      const setup = await buildApp(testConfig(shared));
      await setup.ready();
      const ann = await createUser(setup, { displayName: "Ann Crash", email: "ann@crash-test.org" });
      const bob = await createUser(setup, { displayName: "Bob Crash" });
      const flipped = await setup.inject({
        method: "POST",
        url: "/api/v1/site-pages/flip",
        payload: { url: "https://crash-test.org/page" },
      });
      const question = await sendAs(setup, ann, "/api/v1/site-page-comments", {
        sitePage_id: flipped.json().id,
        body: "Will this reach me?",
      });
      await setup.close();

      const stalled = await stalledSmtp();
      const mail = await startMailCatcher();
      const port = await freePort();
      const first = start({ ...shared, PORT: String(port), SMTP_URL: stalled.url });
      let second: ReturnType<typeof start> | undefined;
      try {
        await waitReady(port, first);
        const reply = await fetch(`http://127.0.0.1:${port}/api/v1/site-page-comments`, {
          method: "POST",
          headers: { authorization: `Bearer ${bob.token}`, "content-type": "application/json" },
          body: JSON.stringify({
            sitePage_id: flipped.json().id,
            body: "Yes, by mail.",
            parent_id: question.id,
          }),
        });
        expect(reply.status).toBe(201);
        // The reply is committed and its mail is on its way to an SMTP server that never answers.
        await stalled.reached;
        first.child.kill("SIGKILL");
        await first.exited;

        second = start({ ...shared, PORT: String(port), SMTP_URL: mail.url });
        await waitReady(port, second);
        const got = await mail.next("ann@crash-test.org", 30_000);
        expect(got.subject).toBe("Bob Crash replied to you on “crash-test.org/page”");
        // Once: nothing more comes after it.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        expect(mail.mails.filter((m) => m.to.includes("ann@crash-test.org"))).toHaveLength(1);
        second.child.kill("SIGTERM");
        expect(await second.exited).toBe(0);
      } finally {
        killIfRunning(first.child);
        if (second) killIfRunning(second.child);
        await stalled.close();
        await mail.close();
      }
    },
    3 * START_MS,
  );
});
