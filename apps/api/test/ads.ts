import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { organizationMembers, organizations } from "../src/db/schema/organizations.ts";
import { sendAs, type TestUser } from "./users.ts";

/** A person's own advertiser account, opened through the API; its id. */
export async function openAdAccount(
  app: FastifyInstance,
  owner: TestUser,
  timezone = "UTC",
): Promise<string> {
  const body = { name: `${owner.displayName} ads`, ownerKind: "USER", timezone };
  return (await sendAs(app, owner, "/api/v1/ad-accounts", body)).id;
}

/**
 * An organisation `owner` owns and `member` belongs to (written straight in), and its advertiser
 * account opened by the owner: the id of that account, for the MEMBER-reads-only checks.
 */
export async function organizationAdAccount(
  app: FastifyInstance,
  owner: TestUser,
  member: TestUser,
  slug: string,
): Promise<string> {
  const [org] = await app.db.insert(organizations).values({ name: "Org", slug }).returning();
  if (!org) throw new Error("no organisation");
  await app.db.insert(organizationMembers).values([
    { organizationId: org.id, userId: owner.id, role: "OWNER" },
    { organizationId: org.id, userId: member.id, role: "MEMBER" },
  ]);
  const body = { name: "Org ads", ownerKind: "ORGANIZATION", organizationId: org.id, timezone: "UTC" };
  return (await sendAs(app, owner, "/api/v1/ad-accounts", body)).id;
}

/** Credits a person's wallet as Flipside staff do (the admin endpoint, a fresh Idempotency-Key). */
export async function creditWallet(app: FastifyInstance, admin: TestUser, userId: string, amount: number) {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/admin/wallet-credits",
    headers: { ...admin.headers, "idempotency-key": randomUUID() },
    payload: { ownerKind: "USER", ownerId: userId, amount, reason: "Test credit" },
  });
  expect(res.statusCode, res.body).toBe(201);
}
