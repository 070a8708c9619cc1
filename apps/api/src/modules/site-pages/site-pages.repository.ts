import { TOPIC_LIMITS } from "@flipside/contracts/topic-constants";
import type { Topic } from "@flipside/contracts/topics";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { rowsOf } from "../../db/raw-row.ts";
import {
  contributions,
  relatedPageLinks,
  reviews,
  sitePages,
  sites,
  votes,
} from "../../db/schema/discussion.ts";
import { follows } from "../../db/schema/follows.ts";
import { siteTopicVotes, topics } from "../../db/schema/topics.ts";
import type { RowQuery } from "../discussion/index.ts";

export async function listPages(db: Db, opts: RowQuery) {
  const base = db
    .select({
      page: sitePages,
      site: sites,
      myVote: opts.viewerId ? votes.value : sql<number | null>`null`,
    })
    .from(sitePages)
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .$dynamic();
  const joined = opts.viewerId
    ? base.leftJoin(
        votes,
        and(
          eq(votes.profileId, opts.viewerId),
          eq(votes.targetKind, "SITE_PAGE"),
          eq(votes.targetId, sitePages.id),
        ),
      )
    : base;
  return joined
    .where(opts.where)
    .orderBy(...opts.orderBy)
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countPages(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sitePages)
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .where(where);
  return row?.n ?? 0;
}

export type PageListRow = Awaited<ReturnType<typeof listPages>>[number];

/** Runs on every signed-in page view. */
const myVotesStatement = preparedOnce((db) => {
  const page = sql.placeholder("page");
  const viewer = sql.placeholder("viewer");
  // One row when the page exists (none when it does not), with every vote of the viewer on it
  // and on what it lists: its own contributions and the related-page links it is either end of.
  // (The subqueries name the page by the parameter: drizzle leaves a one-table select's columns
  // unqualified, and "id" in them would be their own.)
  return db
    .select({
      id: sitePages.id,
      votes: sql<[kind: string, id: string, value: number][]>`(
        select coalesce(json_agg(json_build_array(v.target_kind, v.target_id, v.value)), '[]'::json)
        from ${votes} v
        where v.profile_id = ${viewer}
          and (
            (v.target_kind = 'SITE_PAGE' and v.target_id = ${page})
            or (v.target_kind = 'CONTRIBUTION' and (
              v.target_id in (select c.id from ${contributions} c where c.site_page_id = ${page})
              or v.target_id in (
                select l.contribution_id from ${relatedPageLinks} l
                where l.page_a = ${page} or l.page_b = ${page}
              )
            ))
          )
      )`,
      // Whether the viewer follows the page, and its site (docs/follows.md).
      followsPage: sql<boolean>`exists (select 1 from ${follows} f where f.follower_id = ${viewer} and f.page_id = ${page})`,
      followsSite: sql<boolean>`exists (select 1 from ${follows} f where f.follower_id = ${viewer} and f.site_id = (select p.site_id from ${sitePages} p where p.id = ${page}))`,
    })
    .from(sitePages)
    .where(eq(sitePages.id, page))
    .prepare("my_votes_on_page");
});

/**
 * The viewer's votes on a page and on everything listed on it, or undefined when there is no such
 * page: one query, over the viewer's votes (the primary key starts with the profile).
 */
export async function myVotesOnPage(db: Db, viewerId: string, pageId: string) {
  const [row] = await myVotesStatement(db).execute({ viewer: viewerId, page: pageId });
  if (!row) return undefined;
  return {
    votes: row.votes.map(([kind, id, value]) => ({ kind, id, value })),
    following: { page: row.followsPage, site: row.followsSite },
  };
}

/**
 * The three most suggested topics of each site (docs/topics.md), in one query for a list's sites:
 * the cards of search results and the home page show them.
 */
export async function topTopicsOfSites(db: Db, siteIds: string[]): Promise<Map<string, Topic[]>> {
  const out = new Map<string, Topic[]>();
  if (siteIds.length === 0) return out;
  const rows = rowsOf(
    await db.execute(sql`
      select site_id, id, slug, name, parent_id from (
        select v.site_id, t.id, t.slug, t.name, t.parent_id,
          row_number() over (partition by v.site_id order by count(*) desc, t.name) as rank
        from ${siteTopicVotes} v join ${topics} t on t.id = v.topic_id
        where v.site_id in (${sql.join(
          siteIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by v.site_id, t.id
      ) ranked
      where rank <= ${TOPIC_LIMITS.shownOnPage}
      order by site_id, rank`),
  );
  for (const row of rows) {
    const siteId = String(row.site_id);
    const list = out.get(siteId) ?? [];
    list.push({
      id: String(row.id),
      slug: String(row.slug),
      name: String(row.name),
      parentId: (row.parent_id as string | null) ?? null,
    });
    out.set(siteId, list);
  }
  return out;
}

export interface SentimentCounts {
  positive: number;
  negative: number;
  expert: number;
}

/** Each page's live reviews by sentiment, in one grouped query for a list's pages. */
export async function reviewSentiments(db: Db, pageIds: string[]): Promise<Map<string, SentimentCounts>> {
  const out = new Map<string, SentimentCounts>();
  if (pageIds.length === 0) return out;
  const rows = await db
    .select({ pageId: reviews.sitePageId, sentiment: reviews.sentiment, n: sql<number>`count(*)::int` })
    .from(reviews)
    .innerJoin(contributions, eq(contributions.id, reviews.contributionId))
    .where(and(inArray(reviews.sitePageId, pageIds), eq(contributions.deleted, false)))
    .groupBy(reviews.sitePageId, reviews.sentiment);
  for (const row of rows) {
    const counts = out.get(row.pageId) ?? { positive: 0, negative: 0, expert: 0 };
    if (row.sentiment === "POSITIVE") counts.positive = row.n;
    else if (row.sentiment === "NEGATIVE") counts.negative = row.n;
    else counts.expert = row.n;
    out.set(row.pageId, counts);
  }
  return out;
}
