import { inArray, type SQL, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { users } from "../../db/schema/accounts.ts";
import { pageActivity } from "../../db/schema/discovery.ts";
import { contributions } from "../../db/schema/discussion.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { policy } from "../discussion/index.ts";

/** A point in time as a statement parameter both drivers read the same way. */
export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** Each activity's weight in trending (configuration, docs/discovery.md#trending). */
export function activityWeight(config: Config): SQL {
  return sql`case ${pageActivity.kind}
    when 'COMMENT' then ${config.TRENDING_WEIGHT_COMMENT}::float8
    when 'REPLY' then ${config.TRENDING_WEIGHT_REPLY}::float8
    when 'REVIEW' then ${config.TRENDING_WEIGHT_REVIEW}::float8
    when 'RELATED_PAGE' then ${config.TRENDING_WEIGHT_RELATED_PAGE}::float8
    else ${config.TRENDING_WEIGHT_VOTE}::float8 end`;
}

/**
 * `from` for activity that counts at `now`, with the viewer's blocks applied: its contribution
 * (the one added, or voted on) is neither deleted nor hidden, its actor is not suspended, and
 * for a viewer with blocks nobody across a block lifts anything.
 */
export function countedActivity(
  now: Date,
  opts: { since: Date | null; viewer: Viewer | null; pageIds?: string[] },
): { from: SQL; where: SQL } {
  const conditions = [
    sql`${pageActivity.at} <= ${at(now)}`,
    sql`(${contributions.id} is null or not ${contributions.deleted})`,
    sql`(${users.suspendedUntil} is null or ${users.suspendedUntil} <= ${at(now)})`,
  ];
  if (opts.since) conditions.push(sql`${pageActivity.at} > ${at(opts.since)}`);
  if (opts.viewer?.hasBlocks) {
    conditions.push(sql`${pageActivity.actorId} <> all(${policy.blockedEitherWay(opts.viewer.id)})`);
  }
  if (opts.pageIds) conditions.push(inArray(pageActivity.pageId, opts.pageIds));
  return {
    from: sql`${pageActivity}
      left join ${contributions} on ${contributions.id} = ${pageActivity.contributionId}
      join ${users} on ${users.id} = ${pageActivity.actorId}`,
    where: sql.join(conditions, sql` and `),
  };
}

/** (weighted activity − 1) / (hours since the latest + 2)^gravity, for `sum(weight)` and `max(at)`. */
export function trendingScore(config: Config, now: Date): SQL {
  const hours = sql`greatest(extract(epoch from (${at(now)} - max(${pageActivity.at}))), 0) / 3600`;
  return sql`greatest(sum(${activityWeight(config)}) - 1, 0) / power(${hours} + 2, ${config.TRENDING_GRAVITY}::float8)`;
}
