import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { customTabs } from "../../db/schema/custom-tabs.ts";
import { sitePages, sites } from "../../db/schema/discussion.ts";
import { follows } from "../../db/schema/follows.ts";
import { signInIdentities } from "../../db/schema/sign-in.ts";
import { siteClaims } from "../../db/schema/websites.ts";
import type { Storage } from "../../lib/storage.ts";
import * as repo from "./your-data.repository.ts";

/** Bumped when the file's shape changes, so a reader can tell which one it holds. */
export const EXPORT_FORMAT = 1;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Pages through one kind of row, keyset by `key`, yielding each batch as it comes. */
async function* batches<Row>(next: (after?: string) => Promise<Row[]>, key: (row: Row) => string) {
  let after: string | undefined;
  for (;;) {
    const rows = await next(after);
    if (rows.length > 0) yield rows;
    if (rows.length < repo.BATCH) return;
    after = key(rows[rows.length - 1] as Row);
  }
}

/** `"name":[…]` with every batch written as it arrives: the whole list is never held at once. */
async function* jsonArray<Row>(
  name: string,
  rows: AsyncGenerator<Row[]>,
  present: (row: Row) => unknown,
): AsyncGenerator<string> {
  yield `,\n"${name}":[`;
  let first = true;
  for await (const batch of rows) {
    const text = batch.map((row) => JSON.stringify(present(row))).join(",\n");
    yield first ? `\n${text}` : `,\n${text}`;
    first = false;
  }
  yield "]";
}

/**
 * Everything a person wrote on Flipside, as one JSON document streamed in pieces: the account,
 * custom tabs, what they follow, contributions still up, notes of every visibility, votes and the addresses of uploaded files.
 * Each piece is one small query, so other people's requests go between them.
 */
export async function* exportOf(
  db: Db,
  storage: Storage,
  userId: string,
  now = new Date(),
): AsyncGenerator<string> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return;
  const account = {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    bio: user.bio,
    language: user.language,
    colorMode: user.colorMode,
    imageUrl: user.imageKey ? storage.url(user.imageKey) : user.imageUrl,
    activated: user.activated,
    socialLinks: user.socialLinks,
    createdDate: user.createdAt.toISOString(),
  };
  yield `{"format":${EXPORT_FORMAT},\n"exportedDate":${JSON.stringify(now.toISOString())},\n"account":${JSON.stringify(account)}`;
  // One row per linked provider: one query.
  const providers = await db
    .select({
      provider: signInIdentities.provider,
      email: signInIdentities.email,
      linked: signInIdentities.createdAt,
    })
    .from(signInIdentities)
    .where(eq(signInIdentities.userId, userId))
    .orderBy(asc(signInIdentities.createdAt));
  yield `,\n"signInProviders":${JSON.stringify(
    providers.map((p) => ({ provider: p.provider, email: p.email, linkedDate: p.linked.toISOString() })),
  )}`;
  // A handful at most (MAX_CUSTOM_TABS): one query.
  const tabs = await db
    .select({ name: customTabs.name, filter: customTabs.filter, position: customTabs.position })
    .from(customTabs)
    .where(eq(customTabs.ownerId, userId))
    .orderBy(asc(customTabs.position));
  yield `,\n"customTabs":${JSON.stringify(tabs.map(({ name, filter }) => ({ name, filter })))}`;
  // At most MAX_SITE_CLAIMS: one query.
  const claims = await db
    .select({ claim: siteClaims, domain: sites.domain })
    .from(siteClaims)
    .innerJoin(sites, eq(sites.id, siteClaims.siteId))
    .where(eq(siteClaims.userId, userId))
    .orderBy(asc(sites.domain));
  const websites = claims.map(({ claim, domain }) => ({
    domain,
    status: claim.status,
    method: claim.method,
    token: claim.token,
    lastCheckedDate: claim.lastCheckedAt?.toISOString() ?? null,
    lastCheckMessage: claim.lastCheckMessage,
    verifiedDate: claim.verifiedAt?.toISOString() ?? null,
    createdDate: claim.createdAt.toISOString(),
  }));
  yield `,\n"websites":${JSON.stringify(websites)}`;
  // At most MAX_FOLLOWS: one query.
  const followed = await db
    .select({
      kind: follows.kind,
      page: sitePages.rawUrl,
      site: sites.domain,
      person: follows.personId,
      createdAt: follows.createdAt,
    })
    .from(follows)
    .leftJoin(sitePages, eq(sitePages.id, follows.pageId))
    .leftJoin(sites, eq(sites.id, follows.siteId))
    .where(eq(follows.followerId, userId))
    .orderBy(asc(follows.createdAt));
  yield `,\n"follows":${JSON.stringify(
    followed.map((f) => ({
      kind: f.kind,
      page: f.page,
      site: f.site,
      personId: f.person,
      followedDate: f.createdAt.toISOString(),
    })),
  )}`;

  yield* jsonArray(
    "contributions",
    batches(
      (after) => repo.contributionsAfter(db, userId, after),
      (r) => r.id,
    ),
    (r) => ({
      id: r.id,
      type: r.kind,
      page: r.page,
      parentId: r.parentId,
      body: r.body,
      review: r.review?.sentiment ? r.review : null,
      relatedPage: r.relatedPage,
      up: r.up,
      down: r.down,
      createdDate: iso(r.createdAt),
      editedDate: iso(r.editedAt),
    }),
  );
  yield* jsonArray(
    "notes",
    batches(
      (after) => repo.notesAfter(db, userId, after),
      (r) => r.id,
    ),
    (r) => ({
      id: r.id,
      page: r.page,
      title: r.title,
      body: r.body,
      visibility: r.visibility,
      pinned: r.pinned,
      createdDate: iso(r.createdAt),
      updatedDate: iso(r.updatedAt),
    }),
  );
  yield* jsonArray(
    "votes",
    batches(
      (after) => repo.votesAfter(db, userId, after),
      (r) => r.targetId,
    ),
    (r) => ({ kind: r.targetKind, targetId: r.targetId, vote: r.value, createdDate: iso(r.createdAt) }),
  );
  yield* jsonArray(
    "attachments",
    batches(
      (after) => repo.attachmentsAfter(db, userId, after),
      (r) => r.id,
    ),
    (r) => ({
      id: r.id,
      type: r.type,
      contributionId: r.contributionId,
      url: r.storageKey ? storage.url(r.storageKey) : null,
      contentType: r.contentType,
      createdDate: iso(r.createdAt),
    }),
  );
  yield "\n}\n";
}
