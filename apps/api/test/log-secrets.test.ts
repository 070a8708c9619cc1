import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helper.ts";

/**
 * Nothing secret reaches the log (issue 16): a failed query is logged without its parameters
 * (a registration's insert holds the password hash and the address), PostgreSQL's `detail`
 * (which quotes the row) is left out, and secrets in a request's address are replaced.
 */

const lines: string[] = [];
const EMAIL = "secret.person@example.com";
const PASSWORD = "Correct-Horse-9-secret";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, undefined, {
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t?.close());

const log = () => lines.join("");

describe("the log", () => {
  it("holds no parameter of a failed insert: no address, no password, no hash", async () => {
    await t.database.execute(`
      create function provoke_failure() returns trigger language plpgsql as $$
        begin raise exception 'provoked failure' using detail = 'row: ' || new.email || ' ' || new.password_hash; end
      $$;
      create trigger provoke_failure before insert on users for each row execute function provoke_failure();
    `);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email: EMAIL, password: PASSWORD, displayName: "Secret Person" },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain(EMAIL);
    } finally {
      await t.database.execute("drop trigger provoke_failure on users; drop function provoke_failure();");
    }
    // The failure itself is there, to be looked into.
    expect(log()).toContain("provoked failure");
    expect(log()).toContain('insert into \\"users\\"');
    expect(log()).not.toContain(EMAIL);
    expect(log()).not.toContain(PASSWORD);
    expect(log()).not.toContain("$argon2");
    expect(log()).not.toContain("row: ");
  });

  it("shows a request's address without the secrets in its query", async () => {
    await t.app.inject({ method: "PUT", url: "/api/activate?key=secret-activation-key-123" });
    expect(log()).toContain("/api/activate?key=%5Bredacted%5D");
    expect(log()).not.toContain("secret-activation-key-123");
  });

  it("shows no password or token that a logged object holds", async () => {
    t.app.log.warn({ body: { password: PASSWORD, token: "tok-123", nested: { email: EMAIL } } }, "probe");
    const probe = lines.find((line) => line.includes('"probe"')) ?? "";
    expect(probe).toContain("[redacted]");
    expect(probe).not.toContain(PASSWORD);
    expect(probe).not.toContain("tok-123");
    expect(probe).not.toContain(EMAIL);
  });
});
