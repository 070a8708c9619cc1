import type { AdAudience, AdAudienceRule, CreateAdAudience, UpdateAdAudience } from "@flipside/contracts/ads";
import {
  AD_TARGETING_LIMITS,
  AD_TARGETING_MESSAGES,
  twoSignificant,
} from "@flipside/contracts/ads-constants";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAudienceMembers, adAudiences } from "../../db/schema/ads.ts";
import { conflict } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { compileSort, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { normalizeRules } from "./filters.ts";
import { accountFilter } from "./lists.ts";
import { belowTargetLimit, deleteUnused, requireOwned, usedBy } from "./owned.ts";

type AudienceRow = typeof adAudiences.$inferSelect;

const AUDIENCES_FILTER: FilterSpec = {
  fields: {
    adAccountId: { column: adAudiences.adAccountId, type: "uuid", ops: ["=="] },
    name: { column: adAudiences.name, type: "string", ops: ["||"] },
  },
};
const AUDIENCES_SORT: SortSpec = {
  fields: {
    name: adAudiences.name,
    createdAt: adAudiences.createdAt,
    updatedAt: adAudiences.updatedAt,
    id: adAudiences.id,
  },
};

/** Rules as stored: each address normalised as filter rules are; the action makes a rule distinct. */
const normalizeAudienceRules = (db: Db, rules: readonly AdAudienceRule[]) =>
  normalizeRules(db, rules, (rule) => `${rule.action} ${rule.type} ${rule.value}`);

/**
 * The people in each audience now: members seen within its days. A member's row is refreshed on
 * each qualifying view and removed once it is older than the audience's days.
 */
export async function audienceSizes(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const counted = await db
    .select({ id: adAudienceMembers.audienceId, n: count() })
    .from(adAudienceMembers)
    .innerJoin(adAudiences, eq(adAudiences.id, adAudienceMembers.audienceId))
    .where(
      and(
        inArray(adAudienceMembers.audienceId, [...ids]),
        sql`${adAudienceMembers.lastSeenAt} > now() - make_interval(days => ${adAudiences.membershipDays})`,
      ),
    )
    .groupBy(adAudienceMembers.audienceId);
  return new Map(counted.map((c) => [c.id, c.n]));
}

function present(row: AudienceRow, people: number, used: number): AdAudience {
  const servable = people >= AD_TARGETING_LIMITS.audienceMinSize;
  return {
    id: row.id,
    adAccountId: row.adAccountId,
    name: row.name,
    membershipDays: row.membershipDays,
    rules: row.rules,
    size: servable
      ? { bucket: "APPROX", approximate: twoSignificant(people) }
      : { bucket: "UNDER_100", approximate: null },
    servable,
    usedBy: used,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Retargeting audiences (ADS.md §1.6, §3.7). */
export function createAudiencesService(db: Db, events: { changed(): void } = { changed() {} }) {
  const load = async (id: string) => (await db.select().from(adAudiences).where(eq(adAudiences.id, id)))[0];
  const requireAudience = async (viewer: Viewer, id: string, mode: "read" | "write") =>
    requireOwned(db, viewer, await load(id), mode, AD_TARGETING_MESSAGES.audienceNotFound);
  const presentOne = async (row: AudienceRow) =>
    present(
      row,
      (await audienceSizes(db, [row.id])).get(row.id) ?? 0,
      (await usedBy(db, [row.id])).get(row.id) ?? 0,
    );

  return {
    async list(viewer: Viewer, query: ListQuery) {
      const { where } = await accountFilter(db, viewer, query.searchAnd, AUDIENCES_FILTER);
      const orderBy = compileSort(query.sort, AUDIENCES_SORT, ["name,asc", "id,asc"]);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(adAudiences)
          .where(where)
          .orderBy(...orderBy)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ total: count() }).from(adAudiences).where(where),
      ]);
      const [people, used] = await Promise.all([
        audienceSizes(
          db,
          rows.map((r) => r.id),
        ),
        usedBy(
          db,
          rows.map((r) => r.id),
        ),
      ]);
      return {
        items: rows.map((r) => present(r, people.get(r.id) ?? 0, used.get(r.id) ?? 0)),
        total: counted?.total ?? 0,
      };
    },

    async get(viewer: Viewer, id: string): Promise<AdAudience> {
      const { row } = await requireAudience(viewer, id, "read");
      return presentOne(row);
    },

    async create(viewer: Viewer, input: CreateAdAudience): Promise<AdAudience> {
      await requireAdAccount(db, viewer, input.adAccountId, "write");
      const rules = await normalizeAudienceRules(db, input.rules);
      await belowTargetLimit(db, adAudiences, input.adAccountId);
      const [row] = await db
        .insert(adAudiences)
        .values({
          adAccountId: input.adAccountId,
          name: input.name,
          membershipDays: input.membershipDays ?? AD_TARGETING_LIMITS.membershipDaysDefault,
          rules,
        })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      events.changed();
      return present(row, 0, 0);
    },

    async update(viewer: Viewer, id: string, input: UpdateAdAudience): Promise<AdAudience> {
      await requireAudience(viewer, id, "write");
      const rules = await normalizeAudienceRules(db, input.rules);
      const [row] = await db
        .update(adAudiences)
        .set({
          name: input.name,
          membershipDays: input.membershipDays,
          rules,
          updatedAt: new Date(),
          version: sql`${adAudiences.version} + 1`,
        })
        .where(and(eq(adAudiences.id, id), eq(adAudiences.version, input.version)))
        .returning();
      if (!row) throw conflict(AD_TARGETING_MESSAGES.stale);
      events.changed();
      return presentOne(row);
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await requireAudience(viewer, id, "write");
      await deleteUnused(db, adAudiences, id);
      events.changed();
    },
  };
}
