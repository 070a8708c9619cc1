import type {
  AdFilter,
  AdFilterRule,
  AdFilterSummary,
  AdFilterTestResult,
  CreateAdFilter,
  UpdateAdFilter,
} from "@flipside/contracts/ads";
import {
  AD_TARGETING_LIMITS,
  AD_TARGETING_MESSAGES,
  type AdFilterRuleType,
} from "@flipside/contracts/ads-constants";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adFilterLists } from "../../db/schema/ads.ts";
import { sitePages } from "../../db/schema/discussion.ts";
import { siteTopicVotes, topics } from "../../db/schema/topics.ts";
import { badRequest, conflict, validationFailed } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { compileSort, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import { type NormalizedUrl, normalizeUrl, tryNormalizeUrl } from "../../lib/url-normalize.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { accountFilter } from "./lists.ts";
import { firstMatch, type PageFacts } from "./matching.ts";
import { belowTargetLimit, deleteUnused, requireOwned, usedBy } from "./owned.ts";

type FilterRow = typeof adFilterLists.$inferSelect;

const withScheme = (value: string) => (/^https?:\/\//i.test(value) ? value : `https://${value}`);

/**
 * A rule's value as stored, or an error in the advertiser's words: sites and addresses as PD §2
 * normalises them (a site is its host without `www.`), keywords and topics in lower case.
 */
export function normalizeRuleValue(
  type: AdFilterRuleType,
  raw: string,
): { value: string } | { error: string } {
  switch (type) {
    case "DOMAIN":
    case "URL_PREFIX":
    case "URL_EXACT": {
      const normalized = tryNormalizeUrl(withScheme(raw));
      if (!normalized) return { error: `${raw} is not a valid domain` };
      return { value: type === "DOMAIN" ? normalized.host : normalized.normalizedUrl };
    }
    case "KEYWORD": {
      const keyword = raw.toLowerCase();
      const { keywordMin, keywordMax } = AD_TARGETING_LIMITS;
      if (keyword.length < keywordMin || keyword.length > keywordMax) {
        return { error: AD_TARGETING_MESSAGES.keywordLength };
      }
      return { value: keyword };
    }
    case "TOPIC":
      return { value: raw.toLowerCase() };
  }
}

/**
 * Rules as stored, duplicates dropped (two rules are the same when `key` says so). Every bad
 * value is named at once, as `rules.{i}.value`, so a pasted list shows all its bad lines (400),
 * and topics must exist (422); nothing is saved.
 */
export async function normalizeRules<R extends { type: AdFilterRuleType; value: string }>(
  db: Db,
  rules: readonly R[],
  key: (rule: R) => string = (rule) => `${rule.type} ${rule.value}`,
): Promise<R[]> {
  const errors: { field: string; message: string }[] = [];
  const out: R[] = [];
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    const result = normalizeRuleValue(rule.type, rule.value);
    if ("error" in result) {
      errors.push({ field: `rules.${i}.value`, message: result.error });
      return;
    }
    const normalized = { ...rule, value: result.value };
    if (seen.has(key(normalized))) return;
    seen.add(key(normalized));
    out.push(normalized);
  });
  if (errors.length > 0) throw badRequest(errors[0]?.message ?? "", errors);
  const slugs = out.filter((r) => r.type === "TOPIC").map((r) => r.value);
  if (slugs.length > 0) {
    const known = new Set(
      (await db.select({ slug: topics.slug }).from(topics).where(inArray(topics.slug, slugs))).map(
        (t) => t.slug,
      ),
    );
    const unknown = rules.flatMap((r, i) =>
      r.type === "TOPIC" && !known.has(r.value.toLowerCase())
        ? [{ field: `rules.${i}.value`, message: AD_TARGETING_MESSAGES.unknownTopic }]
        : [],
    );
    if (unknown.length > 0) throw validationFailed(unknown);
  }
  return out;
}

export const FILTERS_FILTER: FilterSpec = {
  fields: {
    adAccountId: { column: adFilterLists.adAccountId, type: "uuid", ops: ["=="] },
    mode: { column: adFilterLists.mode, type: "enum", values: ["EXCLUDE", "INCLUDE"] },
    name: { column: adFilterLists.name, type: "string", ops: ["||"] },
  },
};
const FILTERS_SORT: SortSpec = {
  fields: {
    name: adFilterLists.name,
    createdAt: adFilterLists.createdAt,
    updatedAt: adFilterLists.updatedAt,
    id: adFilterLists.id,
  },
};

function summary(row: FilterRow, used: number): AdFilterSummary {
  return {
    id: row.id,
    adAccountId: row.adAccountId,
    name: row.name,
    mode: row.mode,
    ruleCount: row.rules.length,
    usedBy: used,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
const present = (row: FilterRow, used: number): AdFilter => ({ ...summary(row, used), rules: row.rules });

export function createFiltersService(db: Db) {
  const load = async (id: string) =>
    (await db.select().from(adFilterLists).where(eq(adFilterLists.id, id)))[0];
  const requireFilter = async (viewer: Viewer, id: string, mode: "read" | "write") =>
    requireOwned(db, viewer, await load(id), mode, AD_TARGETING_MESSAGES.filterNotFound);
  const usedCount = async (id: string) => (await usedBy(db, [id])).get(id) ?? 0;

  return {
    normalizeRules: (rules: readonly AdFilterRule[]) => normalizeRules(db, rules),

    async list(viewer: Viewer, query: ListQuery) {
      const { where } = await accountFilter(db, viewer, query.searchAnd, FILTERS_FILTER);
      const orderBy = compileSort(query.sort, FILTERS_SORT, ["name,asc", "id,asc"]);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(adFilterLists)
          .where(where)
          .orderBy(...orderBy)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ total: count() }).from(adFilterLists).where(where),
      ]);
      const used = await usedBy(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => summary(r, used.get(r.id) ?? 0)), total: counted?.total ?? 0 };
    },

    async get(viewer: Viewer, id: string): Promise<AdFilter> {
      const { row } = await requireFilter(viewer, id, "read");
      return present(row, await usedCount(id));
    },

    async create(viewer: Viewer, input: CreateAdFilter): Promise<AdFilter> {
      await requireAdAccount(db, viewer, input.adAccountId, "write");
      const rules = await normalizeRules(db, input.rules);
      await belowTargetLimit(db, adFilterLists, input.adAccountId);
      const [row] = await db
        .insert(adFilterLists)
        .values({ adAccountId: input.adAccountId, name: input.name, mode: input.mode ?? "EXCLUDE", rules })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      return present(row, 0);
    },

    async update(viewer: Viewer, id: string, input: UpdateAdFilter): Promise<AdFilter> {
      await requireFilter(viewer, id, "write");
      const rules = await normalizeRules(db, input.rules);
      const [row] = await db
        .update(adFilterLists)
        .set({
          name: input.name,
          mode: input.mode,
          rules,
          updatedAt: new Date(),
          version: sql`${adFilterLists.version} + 1`,
        })
        .where(and(eq(adFilterLists.id, id), eq(adFilterLists.version, input.version)))
        .returning();
      if (!row) throw conflict(AD_TARGETING_MESSAGES.stale);
      return present(row, await usedCount(id));
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await requireFilter(viewer, id, "write");
      await deleteUnused(db, adFilterLists, id);
    },

    /** "Check an address": whether the page matches the list, and by which rule. */
    async test(viewer: Viewer, id: string, url: string): Promise<AdFilterTestResult> {
      const { row } = await requireFilter(viewer, id, "read");
      const { facts } = await loadPageFacts(db, normalizeUrl(url));
      const rule = firstMatch(row.rules, facts);
      return { matches: rule !== null, rule };
    },
  };
}

/** What filter rules see of known pages beyond their address: title, description, site topics. */
export type KnownPageFacts = Pick<PageFacts, "title" | "description"> & { topics: string[] };

/** The known pages `where` picks, by id, with what filter rules see of each (two queries). */
export async function knownPageFacts(db: Db, where: SQL): Promise<Map<string, KnownPageFacts>> {
  const pages = await db
    .select({
      id: sitePages.id,
      title: sitePages.title,
      description: sitePages.description,
      siteId: sitePages.siteId,
    })
    .from(sitePages)
    .where(where);
  const siteIds = [...new Set(pages.map((p) => p.siteId))];
  const topicsOf = new Map<string, string[]>();
  if (siteIds.length > 0) {
    const votes = await db
      .selectDistinct({ siteId: siteTopicVotes.siteId, slug: topics.slug })
      .from(siteTopicVotes)
      .innerJoin(topics, eq(topics.id, siteTopicVotes.topicId))
      .where(inArray(siteTopicVotes.siteId, siteIds));
    for (const v of votes) topicsOf.set(v.siteId, [...(topicsOf.get(v.siteId) ?? []), v.slug]);
  }
  return new Map(
    pages.map((p) => [
      p.id,
      { title: p.title, description: p.description, topics: topicsOf.get(p.siteId) ?? [] },
    ]),
  );
}

/** What filter rules see of an address: the page Flipside knows there (title, site topics), if any. */
export async function loadPageFacts(
  db: Db,
  normalized: NormalizedUrl,
): Promise<{ sitePageId: string | null; facts: PageFacts }> {
  const [known] = await knownPageFacts(db, eq(sitePages.normalizedUrl, normalized.normalizedUrl));
  return {
    sitePageId: known?.[0] ?? null,
    facts: {
      normalizedUrl: normalized.normalizedUrl,
      host: normalized.host,
      title: known?.[1].title ?? null,
      description: known?.[1].description ?? null,
      topics: known?.[1].topics ?? [],
    },
  };
}
