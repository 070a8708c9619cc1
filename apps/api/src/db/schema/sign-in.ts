import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";

/**
 * A way to sign in with another provider (docs/sign-in-providers.md): the provider's stable subject
 * for the person, linked to one account. One identity never serves two accounts.
 */
export const signInIdentities = pgTable(
  "sign_in_identities",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The configured provider's id: facebook, google, or a generic OIDC name in lower case. */
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    /** The address the provider gave, shown on /profile/socials. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("sign_in_identities_subject_idx").on(t.provider, t.subject),
    index("sign_in_identities_user_idx").on(t.userId),
  ],
);

/**
 * A sign-in under way at a provider, found again by its `state` (only its hash is kept) and used
 * once: the PKCE verifier and nonce stay here, never in the browser.
 */
export const signInFlows = pgTable("sign_in_flows", {
  stateHash: text("state_hash").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  /** Set when a signed-in person links another provider; null for a sign-in. */
  linkUserId: uuid("link_user_id").references(() => users.id, { onDelete: "cascade" }),
  returnTo: text("return_to").notNull().default("/"),
  invitationCode: text("invitation_code"),
  betaKey: text("beta_key"),
  rememberMe: boolean("remember_me").notNull().default(false),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * A provider identity whose verified address is an existing account's: linked only once the person
 * proves the account (its password, or a link mailed to it). Found by a secret token in the browser.
 */
export const pendingSignInLinks = pgTable("pending_sign_in_links", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  subject: text("subject").notNull(),
  email: text("email").notNull(),
  /** The hash of the key mailed to the account's address, once asked for. */
  mailKeyHash: text("mail_key_hash"),
  returnTo: text("return_to").notNull().default("/"),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * Facebook's data-deletion callbacks, answered with a status page at /facebook/verify?code=…; the
 * person's Facebook id is not kept.
 */
export const facebookDeletions = pgTable("facebook_deletions", {
  confirmationCode: text("confirmation_code").primaryKey(),
  /** How many Facebook links were removed (0 when none was left). */
  removed: integer("removed").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
