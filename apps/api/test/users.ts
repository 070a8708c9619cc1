import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { expect } from "vitest";
import { sessions, users } from "../src/db/schema/accounts.ts";

export interface TestUser {
  id: string;
  token: string;
  displayName: string;
  /** `authorization: Bearer <token>` for app.inject. */
  headers: { authorization: string };
}

/**
 * A user and a live session written straight into the database (registration is not what
 * these tests are about). Activated unless told otherwise; created two days ago by default so
 * that the stricter limits of new accounts do not apply.
 */
export async function createUser(
  app: FastifyInstance,
  opts: {
    activated?: boolean;
    createdAt?: Date;
    displayName?: string;
    email?: string;
    roles?: string[];
  } = {},
): Promise<TestUser> {
  const id = uuidv7();
  const displayName = opts.displayName ?? `User ${id.slice(-6)}`;
  await app.db.insert(users).values({
    id,
    email: opts.email ?? `${id}@example.test`,
    ...(opts.roles ? { roles: opts.roles } : {}),
    passwordHash: "not-a-real-hash",
    displayName,
    activated: opts.activated ?? true,
    createdAt: opts.createdAt ?? new Date(Date.now() - 2 * 24 * 60 * 60 * 1000),
  });
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const [session] = await app.db
    .insert(sessions)
    .values({ userId: id, expiresAt })
    .returning({ id: sessions.id });
  if (!session) throw new Error("session insert returned nothing");
  const token = await app.tokens.sign({ userId: id, sessionId: session.id }, expiresAt);
  return { id, token, displayName, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A call of the API as this user that must succeed (setting up what a test is not about):
 * answers the parsed body, or undefined for a 204.
 */
export async function sendAs(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  payload: Record<string, unknown>,
  method: "POST" | "PUT" | "PATCH" | "DELETE" = "POST",
) {
  const res = await app.inject({ method, url, headers: user.headers, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  // The parsed body is as loosely typed as inject makes it: each test knows what it asked for.
  return res.body ? res.json() : undefined;
}
