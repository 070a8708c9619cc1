import type { AdGeoFence, CreateAdGeoFence, UpdateAdGeoFence } from "@flipside/contracts/ads";
import { AD_TARGETING_MESSAGES } from "@flipside/contracts/ads-constants";
import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adGeoFences } from "../../db/schema/ads.ts";
import { conflict } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { compileSort, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { accountFilter } from "./lists.ts";
import { belowTargetLimit, deleteUnused, requireOwned, usedBy } from "./owned.ts";

type FenceRow = typeof adGeoFences.$inferSelect;

const FENCES_FILTER: FilterSpec = {
  fields: {
    adAccountId: { column: adGeoFences.adAccountId, type: "uuid", ops: ["=="] },
    name: { column: adGeoFences.name, type: "string", ops: ["||"] },
  },
};
const FENCES_SORT: SortSpec = {
  fields: {
    name: adGeoFences.name,
    createdAt: adGeoFences.createdAt,
    updatedAt: adGeoFences.updatedAt,
    id: adGeoFences.id,
  },
};

const present = (row: FenceRow, used: number): AdGeoFence => ({
  id: row.id,
  adAccountId: row.adAccountId,
  name: row.name,
  shapes: row.shapes,
  usedBy: used,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/** Geo fences (ADS.md §1.5): the shapes are checked by their schema (simple areas, radii, countries). */
export function createGeoFencesService(db: Db) {
  const load = async (id: string) => (await db.select().from(adGeoFences).where(eq(adGeoFences.id, id)))[0];
  const requireFence = async (viewer: Viewer, id: string, mode: "read" | "write") =>
    requireOwned(db, viewer, await load(id), mode, AD_TARGETING_MESSAGES.fenceNotFound);
  const usedCount = async (id: string) => (await usedBy(db, [id])).get(id) ?? 0;

  return {
    async list(viewer: Viewer, query: ListQuery) {
      const { where } = await accountFilter(db, viewer, query.searchAnd, FENCES_FILTER);
      const orderBy = compileSort(query.sort, FENCES_SORT, ["name,asc", "id,asc"]);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(adGeoFences)
          .where(where)
          .orderBy(...orderBy)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ total: count() }).from(adGeoFences).where(where),
      ]);
      const used = await usedBy(
        db,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => present(r, used.get(r.id) ?? 0)), total: counted?.total ?? 0 };
    },

    async get(viewer: Viewer, id: string): Promise<AdGeoFence> {
      const { row } = await requireFence(viewer, id, "read");
      return present(row, await usedCount(id));
    },

    async create(viewer: Viewer, input: CreateAdGeoFence): Promise<AdGeoFence> {
      await requireAdAccount(db, viewer, input.adAccountId, "write");
      await belowTargetLimit(db, adGeoFences, input.adAccountId);
      const [row] = await db
        .insert(adGeoFences)
        .values({ adAccountId: input.adAccountId, name: input.name, shapes: input.shapes })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      return present(row, 0);
    },

    async update(viewer: Viewer, id: string, input: UpdateAdGeoFence): Promise<AdGeoFence> {
      await requireFence(viewer, id, "write");
      const [row] = await db
        .update(adGeoFences)
        .set({
          name: input.name,
          shapes: input.shapes,
          updatedAt: new Date(),
          version: sql`${adGeoFences.version} + 1`,
        })
        .where(and(eq(adGeoFences.id, id), eq(adGeoFences.version, input.version)))
        .returning();
      if (!row) throw conflict(AD_TARGETING_MESSAGES.stale);
      return present(row, await usedCount(id));
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await requireFence(viewer, id, "write");
      await deleteUnused(db, adGeoFences, id);
    },
  };
}
