import { randomBytes } from "node:crypto";
import { domainToUnicode } from "node:url";
import { OWNER_INVITE_LIMITS, WEBSITE_MESSAGES } from "@flipside/contracts/website-proof";
import { and, count, countDistinct, eq, gt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, sitePages, sites } from "../../db/schema/discussion.ts";
import { ownerInvites } from "../../db/schema/websites.ts";
import { conflict, notFound, tooManyRequests } from "../../lib/errors.ts";
import { emailHash, hasOptedOut, optOut } from "../../lib/mail-opt-outs.ts";
import { ownerInviteMail } from "../../lib/mail-templates/website-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OwnerInviteDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export interface OwnerInviteInput {
  siteId?: string | undefined;
  sitePage_id?: string | undefined;
  email: string;
  message?: string | undefined;
}

/**
 * Invitations to a site's owner to verify it (docs/websites.md#inviting-an-owner). Never an open
 * relay: one fixed template, limits per person and per site that live in the database (so they
 * hold across instances and cannot be switched off with the request rate limits), no second
 * mail to an address within 30 days, none to an address that opted out. What happens to the
 * address is never told: the caller answers the same whatever this decides about it.
 */
export function createOwnerInvites(deps: OwnerInviteDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function siteOf(input: OwnerInviteInput) {
    if (input.siteId) {
      const [site] = await db.select().from(sites).where(eq(sites.id, input.siteId));
      return site;
    }
    if (!input.sitePage_id) return undefined;
    const [row] = await db
      .select({ site: sites })
      .from(sitePages)
      .innerJoin(sites, eq(sites.id, sitePages.siteId))
      .where(eq(sitePages.id, input.sitePage_id));
    return row?.site;
  }

  async function inviteWith(unsubscribeToken: string) {
    const [invite] = await db
      .select({ emailHash: ownerInvites.emailHash })
      .from(ownerInvites)
      .where(eq(ownerInvites.unsubscribeToken, unsubscribeToken));
    return invite;
  }

  return {
    async invite(inviterId: string, input: OwnerInviteInput, origin: string): Promise<void> {
      const site = await siteOf(input);
      if (!site) throw notFound(WEBSITE_MESSAGES.inviteUnknownSite);
      if (site.verificationStatus === "VERIFIED") throw conflict(WEBSITE_MESSAGES.inviteAlreadyVerified);
      const at = now();
      const hash = emailHash(input.email);
      const unsubscribeToken = randomBytes(24).toString("base64url");

      const decided = await db.transaction(async (tx) => {
        // Held while counting, so two invitations at once cannot pass the person's limit.
        const [inviter] = await tx
          .select({ displayName: users.displayName })
          .from(users)
          .where(eq(users.id, inviterId))
          .for("update");
        if (!inviter) throw notFound();
        const since = (days: number) => new Date(at.getTime() - days * DAY_MS);
        const [mine] = await tx
          .select({ n: count() })
          .from(ownerInvites)
          .where(and(eq(ownerInvites.inviterId, inviterId), gt(ownerInvites.createdAt, since(1))));
        if ((mine?.n ?? 0) >= OWNER_INVITE_LIMITS.perPersonPerDay)
          throw tooManyRequests(DAY_MS / 1000, WEBSITE_MESSAGES.invitePersonLimit);
        const [forSite] = await tx
          .select({ n: count() })
          .from(ownerInvites)
          .where(
            and(
              eq(ownerInvites.siteId, site.id),
              eq(ownerInvites.sent, true),
              gt(ownerInvites.createdAt, since(7)),
            ),
          );
        if ((forSite?.n ?? 0) >= OWNER_INVITE_LIMITS.perSitePerWeek)
          throw tooManyRequests((7 * DAY_MS) / 1000, WEBSITE_MESSAGES.inviteSiteLimit);
        const optedOut = await hasOptedOut(tx, hash);
        const [recent] = await tx
          .select({ id: ownerInvites.id })
          .from(ownerInvites)
          .where(
            and(
              eq(ownerInvites.emailHash, hash),
              eq(ownerInvites.sent, true),
              gt(ownerInvites.createdAt, since(OWNER_INVITE_LIMITS.sameAddressDays)),
            ),
          )
          .limit(1);
        const sent = !optedOut && !recent;
        await tx
          .insert(ownerInvites)
          .values({ siteId: site.id, inviterId, emailHash: hash, sent, unsubscribeToken, createdAt: at });
        return sent ? inviter.displayName : null;
      });
      if (decided === null) return;

      const [people] = await db
        .select({ n: countDistinct(contributions.authorId) })
        .from(contributions)
        .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
        .where(and(eq(sitePages.siteId, site.id), eq(contributions.deleted, false)));
      const domain = domainToUnicode(site.domain) || site.domain;
      const unsubscribeUrl = `${origin}/api/v1/site-verifications/invite/unsubscribe?token=${unsubscribeToken}`;
      const content = ownerInviteMail({
        inviter: decided,
        domain,
        people: people?.n ?? 0,
        claimLink: `${origin}/profile/websites/claim?address=${encodeURIComponent(site.domain)}`,
        message: input.message?.trim() || null,
        unsubscribeUrl,
      });
      // Not awaited: the answer must not wait for, or tell anything about, the delivery.
      void deps.mailer.send({
        to: input.email,
        ...content,
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    },

    /** The one-click unsubscribe (RFC 8058): answers whether the link was known. */
    async unsubscribe(token: string): Promise<boolean> {
      const invite = await inviteWith(token);
      if (!invite) return false;
      await optOut(db, invite.emailHash);
      return true;
    },

    /** Whether an unsubscribe link is one Flipside sent (the confirmation page asks first). */
    known: async (token: string): Promise<boolean> => Boolean(await inviteWith(token)),
  };
}

export type OwnerInvites = ReturnType<typeof createOwnerInvites>;
