import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";

/** An account and its public profile (the profile uuid is the user id). */
export const users = pgTable(
  "users",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    email: text("email").notNull(),
    /** Null for an account made by signing in with another provider, until a password is set (docs/sign-in-providers.md). */
    passwordHash: text("password_hash"),
    displayName: text("display_name").notNull(),
    bio: text("bio").notNull().default(""),
    language: text("language").notNull().default("en"),
    colorMode: text("color_mode", { enum: ["system", "light", "dark"] })
      .notNull()
      .default("system"),
    /** An external avatar address (e.g. from a social login); imageKey wins when both are set. */
    imageUrl: text("image_url"),
    /** The storage key of an uploaded avatar, served by /api/v1/files/… or S3. */
    imageKey: text("image_key"),
    activated: boolean("activated").notNull().default(false),
    roles: text("roles").array().notNull().default(sql`array['ROLE_USER']::text[]`),
    /** Addresses of the person elsewhere (Mastodon, GitHub…), shown on the public page with rel="me". */
    socialLinks: text("social_links").array().notNull().default(sql`'{}'::text[]`),
    /** The invitation code as typed at sign-up, valid or not (docs/joining.md). */
    invitationCode: text("invitation_code"),
    /** The invitation the account joined with, when the code was valid; its owner invited them. */
    invitationCodeId: uuid("invitation_code_id").references((): AnyPgColumn => invitationCodes.id, {
      onDelete: "set null",
    }),
    /** Who invited them (the code's owner at sign-up), kept if the code is deleted. */
    invitedBy: uuid("invited_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /**
     * Suspended by moderators until then (docs/moderation.md): no sign-in, no session, no
     * contribution. SUSPENDED_FOR_GOOD (year 9999) for a suspension without end.
     */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true, mode: "date" }),
    /**
     * "Use my reading on Flipside to personalise ads" (ADS.md §1.6): off until the person turns it
     * on; only then do their views and contributions put them in advertisers' audiences.
     */
    personalisedAds: boolean("personalised_ads").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_invitation_code_idx").on(t.invitationCodeId).where(sql`${t.invitationCodeId} is not null`),
    // users_display_name_trgm_idx (trigrams of lower(display_name), for the mention picker) is made
    // by migration 0027: drizzle-kit cannot declare an operator class on an expression.
  ],
);

/** A signed-in session; the JWT names it by `sid` so the server can revoke it. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    userAgent: text("user_agent"),
    /** When the session was last used, to within SESSION_SEEN_PRECISION_MS (the auth plugin). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Single-use keys mailed to the owner of an address (activation, password reset). Only a
 * SHA-256 hash of the key is stored, so a leaked table cannot be used to take an account.
 */
export const accountKeys = pgTable(
  "account_keys",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["activation", "reset"] }).notNull(),
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("account_keys_hash_idx").on(t.keyHash),
    index("account_keys_user_idx").on(t.userId, t.purpose),
  ],
);

/**
 * An invitation to join Flipside (docs/joining.md): `/join/{code}`. PERSONAL codes are every
 * activated account's own (INVITATION_CODES_PER_ACCOUNT of them, single-use); MINTED ones are made
 * by admins, for as many uses and as long as they say. Who joined with a code is
 * `users.invitation_code_id`.
 */
export const invitationCodes = pgTable(
  "invitation_codes",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    /** Crockford base32, upper case, without separators. */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["PERSONAL", "MINTED"] }).notNull(),
    /** The inviter: the account whose code it is, or the admin who minted it. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    maxUses: integer("max_uses").notNull().default(1),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    /** What an admin wrote it for ("Conference, May"); never shown to the people invited. */
    note: text("note"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invitation_codes_code_idx").on(t.code),
    index("invitation_codes_owner_idx").on(t.ownerId, t.kind),
    check("invitation_codes_uses", sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

/**
 * A request to join the closed beta (docs/joining.md#beta-requests): one per address. Approval
 * mails a single-use link (`/beta-user/activate/{key}`) that opens sign-up past the gate, or
 * activates the address's account; only a SHA-256 hash of its key is kept.
 */
export const betaRequests = pgTable(
  "beta_requests",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    email: text("email").notNull(),
    reason: text("reason").notNull().default(""),
    status: text("status", { enum: ["PENDING", "APPROVED", "REJECTED"] })
      .notNull()
      .default("PENDING"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    keyHash: text("key_hash"),
    keyExpiresAt: timestamp("key_expires_at", { withTimezone: true, mode: "date" }),
    /** When the mailed link was used: an account was made or activated with it. */
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("beta_requests_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("beta_requests_key_idx").on(t.keyHash),
    index("beta_requests_status_idx").on(t.status, t.createdAt),
  ],
);
