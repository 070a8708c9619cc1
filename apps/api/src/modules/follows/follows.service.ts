import type { FollowKind } from "@flipside/contracts/follow-constants";
import { FOLLOW_MESSAGES, type Follow, type Follower, MAX_FOLLOWS } from "@flipside/contracts/follows";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { sitePages, sites } from "../../db/schema/discussion.ts";
import { follows } from "../../db/schema/follows.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { pageOffset } from "../../lib/pagination.ts";
import type { Storage } from "../../lib/storage.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  authorColumns,
  pageRefColumns,
  policy,
  presentPageRef,
  presentProfileRef,
  profileRefColumns,
} from "../discussion/index.ts";

const pageSite = alias(sites, "page_site");
const person = alias(users, "person");

/** The column of `follows` that holds a kind's target. */
const targetColumn = { PAGE: follows.pageId, SITE: follows.siteId, PERSON: follows.personId } as const;

/**
 * The contributions a person's feed shows (docs/follows.md): on the pages they follow, on any
 * page of the sites they follow, or by the people they follow; never their own, never on a page
 * moderators hid. The discussion policy still decides what of it they may see.
 */
export function followedBy(followerId: string, contribution: { pageId: SQL; authorId: SQL }): SQL {
  const mine = sql`${follows.followerId} = ${followerId}::uuid`;
  return sql`(${contribution.authorId} is distinct from ${followerId}::uuid
    and exists (select 1 from ${sitePages} where ${sitePages.id} = ${contribution.pageId} and ${sitePages.moderation} is null
      and (${sitePages.id} in (select ${follows.pageId} from ${follows} where ${mine} and ${follows.pageId} is not null)
        or ${sitePages.siteId} in (select ${follows.siteId} from ${follows} where ${mine} and ${follows.siteId} is not null)
        or ${contribution.authorId} in (select ${follows.personId} from ${follows} where ${mine} and ${follows.personId} is not null))))`;
}

/** Follows (docs/follows.md): a person following pages, sites and people. */
export function createFollowsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  /** The target exists and may be followed: a visible page, a known site, another person. */
  async function checkTarget(viewer: Viewer, kind: FollowKind, id: string): Promise<void> {
    if (kind === "PAGE") {
      const [page] = await db
        .select({ id: sitePages.id })
        .from(sitePages)
        .where(and(eq(sitePages.id, id), isNull(sitePages.moderation)));
      if (!page) throw notFound(FOLLOW_MESSAGES.unknownPage);
    } else if (kind === "SITE") {
      const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
      if (!site) throw notFound(FOLLOW_MESSAGES.unknownSite);
    } else {
      if (id === viewer.id)
        throw badRequest(FOLLOW_MESSAGES.self, [{ field: "targetId", message: FOLLOW_MESSAGES.self }]);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      if (!user) throw notFound(FOLLOW_MESSAGES.unknownPerson);
    }
  }

  function listed(where: SQL | undefined) {
    return db
      .select({
        kind: follows.kind,
        pageId: follows.pageId,
        siteId: follows.siteId,
        personId: follows.personId,
        createdAt: follows.createdAt,
        page: pageRefColumns(sitePages),
        pageDomain: pageSite.domain,
        siteDomain: sites.domain,
        person: profileRefColumns(person),
      })
      .from(follows)
      .leftJoin(sitePages, eq(sitePages.id, follows.pageId))
      .leftJoin(pageSite, eq(pageSite.id, sitePages.siteId))
      .leftJoin(sites, eq(sites.id, follows.siteId))
      .leftJoin(person, eq(person.id, follows.personId))
      .where(where)
      .orderBy(
        desc(follows.createdAt),
        desc(sql`coalesce(${follows.pageId}, ${follows.siteId}, ${follows.personId})`),
      );
  }

  function present(row: Awaited<ReturnType<typeof listed>>[number]): Follow | null {
    const base = { targetKind: row.kind, createdDate: row.createdAt.toISOString() };
    if (row.kind === "PAGE" && row.page && row.pageDomain)
      return {
        ...base,
        targetId: row.page.id,
        page: presentPageRef(row.page, row.pageDomain),
        site: null,
        person: null,
      };
    if (row.kind === "SITE" && row.siteId && row.siteDomain)
      return {
        ...base,
        targetId: row.siteId,
        page: null,
        site: { id: row.siteId, domain: row.siteDomain },
        person: null,
      };
    const who = presentProfileRef(row.person, storage);
    if (row.kind === "PERSON" && who)
      return { ...base, targetId: who.id, page: null, site: null, person: who };
    return null;
  }

  const of = (viewer: Viewer, kind?: FollowKind, targetId?: string) =>
    and(
      eq(follows.followerId, viewer.id),
      kind ? eq(follows.kind, kind) : undefined,
      kind && targetId ? eq(targetColumn[kind], targetId) : undefined,
    );

  return {
    /** Follows a target; following it again answers the same follow (`created: false`). */
    async follow(
      viewer: Viewer,
      kind: FollowKind,
      targetId: string,
    ): Promise<{ follow: Follow; created: boolean }> {
      await checkTarget(viewer, kind, targetId);
      // Checked before writing: a race past the limit by a few is harmless, and no lock is held.
      const [mine] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, viewer.id));
      if ((mine?.n ?? 0) >= MAX_FOLLOWS) {
        const [already] = await listed(of(viewer, kind, targetId));
        if (!already) throw conflict(FOLLOW_MESSAGES.tooMany);
      }
      const inserted = await db
        .insert(follows)
        .values({
          followerId: viewer.id,
          kind,
          pageId: kind === "PAGE" ? targetId : null,
          siteId: kind === "SITE" ? targetId : null,
          personId: kind === "PERSON" ? targetId : null,
        })
        .onConflictDoNothing()
        .returning({ kind: follows.kind });
      const [row] = await listed(of(viewer, kind, targetId));
      const follow = row ? present(row) : null;
      // The target went between the two statements, and its follow with it.
      if (!follow)
        throw notFound(
          FOLLOW_MESSAGES[
            kind === "PAGE" ? "unknownPage" : kind === "SITE" ? "unknownSite" : "unknownPerson"
          ],
        );
      return { follow, created: inserted.length > 0 };
    },

    /** Stops following; stopping what one does not follow is not an error (the outcome is the same). */
    async unfollow(viewer: Viewer, kind: FollowKind, targetId: string): Promise<void> {
      await db.delete(follows).where(of(viewer, kind, targetId));
    },

    /** What this viewer follows, newest first; `targetKind` (and `targetId`) narrow it. */
    async list(
      viewer: Viewer,
      query: {
        page: number;
        size: number;
        targetKind?: FollowKind | undefined;
        targetId?: string | undefined;
      },
    ): Promise<{ items: Follow[]; total: number }> {
      if (query.targetId && !query.targetKind)
        throw badRequest("targetId needs targetKind.", [
          { field: "targetId", message: "targetId needs targetKind." },
        ]);
      const where = of(viewer, query.targetKind, query.targetId);
      const [rows, [total]] = await Promise.all([
        listed(where).limit(query.size).offset(pageOffset(query)),
        db.select({ n: count() }).from(follows).where(where),
      ]);
      return { items: rows.flatMap((row) => present(row) ?? []), total: total?.n ?? 0 };
    },

    /** The people who follow this viewer, newest first. Nobody else may read it. */
    async followers(
      viewer: Viewer,
      query: { page: number; size: number },
    ): Promise<{ items: Follower[]; total: number }> {
      // Blocks apply at reading, as everywhere: nobody across one is listed.
      const theirs = and(
        eq(follows.personId, viewer.id),
        viewer.hasBlocks
          ? sql`${follows.followerId} <> all(${policy.blockedEitherWay(viewer.id)})`
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ createdAt: follows.createdAt, person: authorColumns })
          .from(follows)
          .innerJoin(users, eq(users.id, follows.followerId))
          .where(theirs)
          .orderBy(desc(follows.createdAt), desc(follows.followerId))
          .limit(query.size)
          .offset(pageOffset(query)),
        db.select({ n: count() }).from(follows).where(theirs),
      ]);
      const items = rows.flatMap((row) => {
        const who = presentProfileRef(row.person, storage);
        return who ? [{ person: who, createdDate: row.createdAt.toISOString() }] : [];
      });
      return { items, total: total?.n ?? 0 };
    },
  };
}
