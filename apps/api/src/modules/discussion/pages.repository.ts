import type { PageCount } from "@flipside/contracts/page-hash";
import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { notes, sitePages, sites } from "../../db/schema/discussion.ts";

export type SitePageRow = typeof sitePages.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;
export interface PageWithSite {
  page: SitePageRow;
  site: SiteRow;
}

async function findPage(db: Db, where: SQL): Promise<PageWithSite | undefined> {
  const [row] = await db
    .select({ page: sitePages, site: sites })
    .from(sitePages)
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .where(where)
    .limit(1);
  return row;
}

/** The one indexed select behind a flip of a known address. */
export const findPageByNormalizedUrl = (db: Db, normalizedUrl: string) =>
  findPage(db, eq(sitePages.normalizedUrl, normalizedUrl));

export const findPageById = (db: Db, id: string) => findPage(db, eq(sitePages.id, id));

/** The site of a domain, created when new; concurrent callers all get the same row. */
export async function findOrInsertSite(db: Db, domain: string): Promise<SiteRow> {
  const [inserted] = await db.insert(sites).values({ domain }).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(sites).where(eq(sites.domain, domain)).limit(1);
  if (!existing) throw new Error(`site ${domain} vanished`);
  return existing;
}

/** Inserts the page, or returns undefined when its address is already known (also under a race). */
export async function insertPage(
  db: Db,
  values: Pick<
    typeof sitePages.$inferInsert,
    | "siteId"
    | "rawUrl"
    | "normalizedUrl"
    | "displayUrl"
    | "title"
    | "description"
    | "faviconUrl"
    | "fetchedAt"
  >,
): Promise<SitePageRow | undefined> {
  const [row] = await db.insert(sitePages).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePage(
  db: Db,
  id: string,
  patch: Partial<
    Pick<
      typeof sitePages.$inferInsert,
      "title" | "description" | "faviconUrl" | "fetchedAt" | "fetchError" | "canonicalOf"
    >
  >,
): Promise<void> {
  await db.update(sitePages).set(patch).where(eq(sitePages.id, id));
}

/** True when nothing hangs off the page yet, so it can be merged into its canonical page. */
export async function pageIsEmpty(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({
      empty: sql<boolean>`(${sitePages.commentCount} = 0 and ${sitePages.reviewCount} = 0
        and ${sitePages.relatedCount} = 0 and ${sitePages.upCount} = 0 and ${sitePages.downCount} = 0
        and not exists (select 1 from ${notes} where ${notes.sitePageId} = ${sitePages.id}))`,
    })
    .from(sitePages)
    .where(eq(sitePages.id, id));
  return row?.empty === true;
}

type PageRefColumn = "id" | "rawUrl" | "normalizedUrl" | "displayUrl" | "title" | "faviconUrl" | "moderation";

/**
 * The columns a page reference is presented from (`presentPageRef`), of `sitePages` or an alias
 * of it (the other page of a related-page link).
 */
export function pageRefColumns<T extends Record<PageRefColumn, AnyPgColumn>>(
  page: T,
): Pick<T, PageRefColumn> {
  return {
    id: page.id,
    rawUrl: page.rawUrl,
    normalizedUrl: page.normalizedUrl,
    displayUrl: page.displayUrl,
    title: page.title,
    faviconUrl: page.faviconUrl,
    moderation: page.moderation,
  };
}

const pageCountsStatement = preparedOnce((db: Db) => {
  const hash = sql`sha256(${sitePages.normalizedUrl}::bytea)`;
  return db
    .select({ hash: sql<string>`encode(${hash}, 'hex')`, comments: sitePages.commentCount })
    .from(sitePages)
    .where(
      sql`${hash} between decode(${sql.placeholder("from")}, 'hex') and decode(${sql.placeholder("to")}, 'hex')
        and ${sitePages.commentCount} > 0 and ${sitePages.moderation} is null`,
    )
    .orderBy(hash)
    .prepare("page_counts_by_hash_prefix");
});

/**
 * Every visible page with comments whose SHA-256 of its normalized address starts with `prefix`
 * (hex), with its comment count: the browser extension's badge lookup (docs/extension.md#badge).
 * A range of the partial expression index `site_pages_url_hash_idx`.
 */
export function pageCountsByHashPrefix(db: Db, prefix: string): Promise<PageCount[]> {
  const rest = 64 - prefix.length;
  return pageCountsStatement(db).execute({ from: prefix + "0".repeat(rest), to: prefix + "f".repeat(rest) });
}
