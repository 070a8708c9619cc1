import { type SiteTopic, TOPIC_LIMITS, TOPIC_MESSAGES, type Topic } from "@flipside/contracts/topics";
import { and, asc, count, desc, eq, ilike, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { sites } from "../../db/schema/discussion.ts";
import { siteTopicVotes, topics } from "../../db/schema/topics.ts";
import { notFound, validationFailed } from "../../lib/errors.ts";
import { pageOffset } from "../../lib/pagination.ts";
import type { Viewer } from "../../plugins/auth.ts";

const topicColumns = { id: topics.id, slug: topics.slug, name: topics.name, parentId: topics.parentId };

/** `%` and `_` typed into a search are letters, not wildcards. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Topics and people's suggestions of them for sites (docs/topics.md). `siteChanged` refreshes the
 * page views of a site whose topics changed (they show its top three).
 */
export function createTopicsService(deps: { db: Db; siteChanged(siteId: string): void }) {
  const { db } = deps;

  async function siteTopics(
    viewer: Viewer | null,
    siteId: string,
    limit: number = TOPIC_LIMITS.pageSize,
  ): Promise<SiteTopic[]> {
    const suggestions = count(siteTopicVotes.userId);
    const rows = await db
      .select({
        topic: topicColumns,
        suggestions,
        mine: viewer ? sql<boolean>`bool_or(${siteTopicVotes.userId} = ${viewer.id})` : sql<boolean>`false`,
      })
      .from(siteTopicVotes)
      .innerJoin(topics, eq(topics.id, siteTopicVotes.topicId))
      .where(eq(siteTopicVotes.siteId, siteId))
      .groupBy(topics.id)
      .orderBy(desc(suggestions), asc(topics.name))
      .limit(limit);
    return rows.map((r) => ({ siteId, topic: r.topic, suggestions: r.suggestions, mine: r.mine === true }));
  }

  async function requireSite(siteId: string) {
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
    if (!site) throw notFound(TOPIC_MESSAGES.unknownSite);
  }

  async function requireTopic(topicId: string) {
    const [topic] = await db.select({ id: topics.id }).from(topics).where(eq(topics.id, topicId));
    if (!topic) throw notFound(TOPIC_MESSAGES.unknownTopic);
  }

  return {
    async list(query: { page: number; size: number; q?: string | undefined; parentId?: string | undefined }) {
      const where = and(
        query.q ? ilike(topics.name, `%${literal(query.q)}%`) : undefined,
        query.parentId === "none"
          ? isNull(topics.parentId)
          : query.parentId
            ? eq(topics.parentId, query.parentId)
            : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select(topicColumns)
          .from(topics)
          .where(where)
          .orderBy(asc(topics.name), asc(topics.id))
          .limit(query.size)
          .offset(pageOffset(query)),
        db.select({ n: count() }).from(topics).where(where),
      ]);
      return { items: items as Topic[], total: total?.n ?? 0 };
    },

    async bySlug(slug: string): Promise<Topic & { parent: Topic | null }> {
      const [topic] = await db.select(topicColumns).from(topics).where(eq(topics.slug, slug));
      if (!topic) throw notFound(TOPIC_MESSAGES.unknownTopic);
      const [parent] = topic.parentId
        ? await db.select(topicColumns).from(topics).where(eq(topics.id, topic.parentId))
        : [];
      return { ...topic, parent: parent ?? null };
    },

    siteTopics,

    /**
     * Suggests a topic for a site: one vote per person, site and topic (asking again is the same
     * vote), at most `perPersonPerSite` topics per person and site (counted with the person's row
     * held, so two at once cannot pass it together).
     */
    async suggest(
      viewer: Viewer,
      input: { siteId: string; topicId: string },
    ): Promise<{ topic: SiteTopic; created: boolean }> {
      await Promise.all([requireSite(input.siteId), requireTopic(input.topicId)]);
      const created = await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
        const mineHere = and(eq(siteTopicVotes.userId, viewer.id), eq(siteTopicVotes.siteId, input.siteId));
        const [already] = await tx
          .select({ n: count() })
          .from(siteTopicVotes)
          .where(and(mineHere, eq(siteTopicVotes.topicId, input.topicId)));
        if ((already?.n ?? 0) > 0) return false;
        const [mine] = await tx.select({ n: count() }).from(siteTopicVotes).where(mineHere);
        if ((mine?.n ?? 0) >= TOPIC_LIMITS.perPersonPerSite)
          throw validationFailed(
            [{ field: "topicId", message: TOPIC_MESSAGES.tooMany }],
            TOPIC_MESSAGES.tooMany,
          );
        await tx
          .insert(siteTopicVotes)
          .values({ siteId: input.siteId, topicId: input.topicId, userId: viewer.id });
        return true;
      });
      if (created) deps.siteChanged(input.siteId);
      const topic = (await siteTopics(viewer, input.siteId)).find((t) => t.topic.id === input.topicId);
      if (!topic) throw notFound(TOPIC_MESSAGES.unknownTopic);
      return { topic, created };
    },

    /** Withdraws the viewer's suggestion (nothing to withdraw is not an error). */
    async withdraw(viewer: Viewer, input: { siteId: string; topicId: string }): Promise<void> {
      const removed = await db
        .delete(siteTopicVotes)
        .where(
          and(
            eq(siteTopicVotes.userId, viewer.id),
            eq(siteTopicVotes.siteId, input.siteId),
            eq(siteTopicVotes.topicId, input.topicId),
          ),
        )
        .returning({ siteId: siteTopicVotes.siteId });
      if (removed.length > 0) deps.siteChanged(input.siteId);
    },
  };
}
