import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, relatedPageLinks, reviews, sitePages, sites } from "../../db/schema/discussion.ts";
import {
  authorColumns,
  myVoteColumn,
  pageOf,
  pageRefColumns,
  type RowQuery,
  withMyVote,
} from "../discussion/index.ts";

const otherPage = alias(sitePages, "other_page");
const otherSite = alias(sites, "other_site");

/**
 * A profile's public activity: every kind, with its page, and the review or the other page
 * of a related-page link when it is one. One query for the whole page of results.
 */
export async function listActivity(db: Db, opts: RowQuery) {
  const base = db
    .select({
      c: contributions,
      author: authorColumns,
      myVote: myVoteColumn(opts.viewerId),
      page: pageRefColumns(sitePages),
      domain: sites.domain,
      review: { sentiment: reviews.sentiment, title: reviews.title, expertise: reviews.expertise },
      other: pageRefColumns(otherPage),
      otherDomain: otherSite.domain,
    })
    .from(contributions)
    .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
    .innerJoin(sites, eq(sites.id, sitePages.siteId))
    .leftJoin(users, eq(users.id, contributions.authorId))
    .leftJoin(reviews, eq(reviews.contributionId, contributions.id))
    .leftJoin(relatedPageLinks, eq(relatedPageLinks.contributionId, contributions.id))
    .leftJoin(
      otherPage,
      sql`${otherPage.id} = case when ${relatedPageLinks.pageA} = ${contributions.sitePageId} then ${relatedPageLinks.pageB} else ${relatedPageLinks.pageA} end`,
    )
    .leftJoin(otherSite, eq(otherSite.id, otherPage.siteId))
    .$dynamic();
  return pageOf(withMyVote(base, opts.viewerId), opts);
}

export type ActivityRow = Awaited<ReturnType<typeof listActivity>>[number];
