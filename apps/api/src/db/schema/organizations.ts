import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";

export const ORGANIZATION_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export const INVITATION_STATUSES = ["PENDING", "ACCEPTED", "DECLINED", "REVOKED"] as const;

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/**
 * A team that shares notes and owns websites (docs/organizations.md). Its id is also its public
 * profile's uuid (`/profiles/{uuid}`), as a person's is.
 */
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    name: text("name").notNull(),
    /** Lower case letters, digits and hyphens; unique. */
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    website: text("website"),
    /** The storage key of its uploaded avatar. */
    imageKey: text("image_key"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("organizations_slug_key").on(t.slug)],
);

/** Who belongs to an organisation, and as what. Every organisation keeps at least one OWNER. */
export const organizationMembers = pgTable(
  "organization_members",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ORGANIZATION_ROLES }).notNull(),
    /** Whether the organisation's public page lists this member (each member chooses). */
    showOnProfile: boolean("show_on_profile").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "organization_members_pkey", columns: [t.organizationId, t.userId] }),
    index("organization_members_user_idx").on(t.userId),
  ],
);

/**
 * An invitation by mail. The link's key is kept only as a SHA-256 hash (as account keys are):
 * a leaked table cannot be used to join. Resending makes a new key, so only the newest link works.
 */
export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["ADMIN", "MEMBER"] }).notNull(),
    inviterId: uuid("inviter_id").references(() => users.id, { onDelete: "set null" }),
    keyHash: text("key_hash").notNull(),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("PENDING"),
    /** The one-click unsubscribe link's secret (RFC 8058). */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("organization_invitations_key_key").on(t.keyHash),
    uniqueIndex("organization_invitations_unsubscribe_key").on(t.unsubscribeToken),
    /** One waiting invitation per address and organisation. */
    uniqueIndex("organization_invitations_pending_key")
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'PENDING'`),
    index("organization_invitations_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * Every mail an organisation's invitations send (first sends and resends): the daily limits
 * count these rows, so resending cannot get around them.
 */
export const organizationInvitationSends = pgTable(
  "organization_invitation_sends",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("organization_invitation_sends_org_idx").on(t.organizationId, t.createdAt),
    index("organization_invitation_sends_sender_idx").on(t.senderId, t.createdAt),
  ],
);
