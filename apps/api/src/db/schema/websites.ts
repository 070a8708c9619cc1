import { VERIFICATION_METHODS } from "@flipside/contracts/website-proof";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";
import { sites } from "./discussion.ts";
import { organizations } from "./organizations.ts";

/** What a site becomes when its verified claim goes (removed, demoted, its account deleted). */
export const SITE_WITHOUT_OWNER = {
  ownerKind: null,
  ownerId: null,
  verificationStatus: "PENDING",
  claimId: null,
} as const;

export const VERIFICATION_STATUSES = ["PENDING", "PLANNED", "VERIFIED"] as const;

/**
 * One person's claim to a site (docs/websites.md): its id is the `claimUuid` an official
 * response carries. Several people may claim one site; the partial unique index lets exactly
 * one claim per site be VERIFIED, so two owners proving it at once cannot both win.
 */
export const siteClaims = pgTable(
  "site_claims",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    siteId: uuid("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** ORGANIZATION when claimed for an organisation (named beside the person who claimed it). */
    ownerKind: text("owner_kind", { enum: ["USER", "ORGANIZATION"] })
      .notNull()
      .default("USER"),
    /**
     * Its organisation's OWNERs and ADMINs manage the claim; when the organisation goes, the claim
     * returns to the person who made it (docs/organizations.md).
     */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    /** Who claimed it: the owner of a personal claim. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The secret the proof must hold; per claim, so one owner's proof never verifies another. */
    token: text("token").notNull(),
    /** The way last chosen (or the one that proved it). */
    method: text("method", { enum: VERIFICATION_METHODS }),
    status: text("status", { enum: VERIFICATION_STATUSES }).notNull().default("PENDING"),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true, mode: "date" }),
    lastCheckMethod: text("last_check_method", { enum: VERIFICATION_METHODS }),
    lastCheckOk: boolean("last_check_ok"),
    /** What the last check found, in words ("the home page answered 403"). */
    lastCheckMessage: text("last_check_message"),
    /** When the next check runs on its own; null: none (PENDING waits for its owner). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true, mode: "date" }),
    /** Failed tries in the current run of failures (PLANNED's backoff). */
    failures: integer("failures").notNull().default(0),
    /**
     * When the current run of failed checks began: PLANNED re-tries stop 72 hours after it; a
     * VERIFIED site whose proof vanished returns to PENDING once it is older than the grace period.
     */
    failingSince: timestamp("failing_since", { withTimezone: true, mode: "date" }),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("site_claims_site_user_key").on(t.siteId, t.userId).where(sql`${t.organizationId} is null`),
    uniqueIndex("site_claims_site_organization_key")
      .on(t.siteId, t.organizationId)
      .where(sql`${t.organizationId} is not null`),
    index("site_claims_organization_idx").on(t.organizationId),
    uniqueIndex("site_claims_token_key").on(t.token),
    uniqueIndex("site_claims_one_verified_key").on(t.siteId).where(sql`${t.status} = 'VERIFIED'`),
    index("site_claims_user_idx").on(t.userId, t.createdAt),
    index("site_claims_due_idx").on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
  ],
);

/**
 * An invitation to a site's owner to verify it (docs/websites.md#inviting-an-owner). The address
 * is kept only as a hash: enough to send it no second invitation within 30 days and to honour an
 * opt-out, never enough to mail it again or to show it to anyone.
 */
export const ownerInvites = pgTable(
  "owner_invites",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    siteId: uuid("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** Null once the inviter's account is gone; the row still keeps the address from a second invitation. */
    inviterId: uuid("inviter_id").references(() => users.id, { onDelete: "set null" }),
    /** sha256 of the address in lower case. */
    emailHash: text("email_hash").notNull(),
    /** False when the address opted out or was invited lately: counted, not mailed. */
    sent: boolean("sent").notNull(),
    /** The one-click unsubscribe link's secret. */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("owner_invites_unsubscribe_key").on(t.unsubscribeToken),
    index("owner_invites_inviter_idx").on(t.inviterId, t.createdAt),
    index("owner_invites_site_idx").on(t.siteId, t.createdAt),
    index("owner_invites_email_idx").on(t.emailHash, t.createdAt),
  ],
);

/** Addresses (hashed as above) that asked for no more invitations. */
export const mailOptOuts = pgTable("mail_opt_outs", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
