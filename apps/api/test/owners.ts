import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { sites } from "../src/db/schema/discussion.ts";
import { siteClaims } from "../src/db/schema/websites.ts";

/**
 * Makes a person the verified owner of a site straight in the database, as a verification
 * would (tests not about verifying). Answers the claim's id: the `claimUuid` their answers carry.
 */
export async function makeVerifiedOwner(
  app: FastifyInstance,
  siteId: string,
  userId: string,
): Promise<string> {
  const [claim] = await app.db
    .insert(siteClaims)
    .values({
      siteId,
      userId,
      token: randomBytes(16).toString("hex"),
      method: "DNS_TXT",
      status: "VERIFIED",
      verifiedAt: new Date(),
    })
    .returning();
  if (!claim) throw new Error("no claim");
  await app.db
    .update(sites)
    .set({ verificationStatus: "VERIFIED", ownerKind: "USER", ownerId: userId, claimId: claim.id })
    .where(eq(sites.id, siteId));
  return claim.id;
}
