import {
  CUSTOM_TAB_MESSAGES,
  type CustomTabFilter,
  customTabSearchAnd,
  customTabSort,
  describeCustomTab,
  MAX_CUSTOM_TABS,
} from "@flipside/contracts/custom-tab-filter";
import type { CustomTab } from "@flipside/contracts/custom-tabs";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { users } from "../../db/schema/accounts.ts";
import { customTabs } from "../../db/schema/custom-tabs.ts";
import { AppError, conflict, notFound, validationFailed } from "../../lib/errors.ts";
import { parseSearchAnd } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { CONTRIBUTION_FILTER, createContributionsService } from "../contributions/index.ts";
import type { DiscussionCore } from "../discussion/index.ts";
import { EVERYONE_IN_ORGANIZATION, organizationsOfAccount, requireRole } from "../organizations/index.ts";

type Row = typeof customTabs.$inferSelect;

/** Names of the owner's organisations, by id (a tab of an organisation they left has none). */
type OrganizationNames = ReadonlyMap<string, string>;

function present(row: Row, names: OrganizationNames): CustomTab {
  const organizationId = row.filter.organizationId ?? null;
  return {
    id: row.id,
    name: row.name,
    filter: { ...row.filter, organizationId },
    description: describeCustomTab(row.filter, organizationId ? names.get(organizationId) : null),
    position: row.position,
    createdDate: row.createdAt.toISOString(),
    updatedDate: row.updatedAt.toISOString(),
  };
}

const ANY_UUID = "00000000-0000-4000-8000-000000000000";

/**
 * A filter the contributions list would refuse must not be stored: it is compiled here through
 * the same allow-list a `GET /v1/contributions?searchAnd=` goes through (a 400 if it fails).
 */
function checkFilter(filter: CustomTabFilter) {
  parseSearchAnd(
    customTabSearchAnd(filter, { sitePageId: ANY_UUID, viewerId: ANY_UUID }),
    CONTRIBUTION_FILTER,
  );
}

const byOwner = (ownerId: string) => eq(customTabs.ownerId, ownerId);

async function namesFor(db: Db, ownerId: string, rows: readonly Row[]): Promise<OrganizationNames> {
  if (!rows.some((row) => row.filter.author === "organization")) return new Map();
  return new Map((await organizationsOfAccount(db, ownerId)).map((o) => [o.id, o.name]));
}

/** A tab of an organisation's members is only for a member of it (404 otherwise, as elsewhere). */
async function checkOrganization(db: Db, ownerId: string, filter: CustomTabFilter) {
  if (filter.author === "organization" && filter.organizationId) {
    await requireRole(db, filter.organizationId, ownerId, EVERYONE_IN_ORGANIZATION);
  }
}

type Db = DiscussionCore["db"];

export function createCustomTabsService(core: DiscussionCore) {
  const { db } = core;
  const contributions = createContributionsService(core);
  /** Every write holds the owner's row, so two at once cannot pass the limit or share a name. */
  async function asOwner<T>(ownerId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
      return work(tx);
    });
  }

  async function assertNameFree(tx: Db, ownerId: string, name: string, exceptId?: string) {
    const [taken] = await tx
      .select({ id: customTabs.id })
      .from(customTabs)
      .where(
        and(
          byOwner(ownerId),
          sql`lower(${customTabs.name}) = lower(${name})`,
          exceptId ? ne(customTabs.id, exceptId) : undefined,
        ),
      );
    if (taken) {
      throw new AppError("conflict", CUSTOM_TAB_MESSAGES.nameTaken, [
        { field: "name", message: CUSTOM_TAB_MESSAGES.nameTaken },
      ]);
    }
  }

  const presentAll = async (tx: Db, ownerId: string, rows: Row[]) => {
    const names = await namesFor(tx, ownerId, rows);
    return rows.map((row) => present(row, names));
  };
  const list = async (tx: Db, ownerId: string) =>
    presentAll(
      tx,
      ownerId,
      await tx.select().from(customTabs).where(byOwner(ownerId)).orderBy(asc(customTabs.position)),
    );

  return {
    list: (ownerId: string) => list(db, ownerId),

    /**
     * What a tab shows on one page: its stored filter compiled into the contributions list's own
     * query, so it goes through that list's allow-list like any `searchAnd` sent from outside.
     */
    async contributionsOf(
      viewer: Viewer,
      id: string,
      on: { sitePageId: string; page: number; size: number },
    ) {
      const [row] = await db
        .select({ filter: customTabs.filter })
        .from(customTabs)
        .where(and(eq(customTabs.id, id), byOwner(viewer.id)));
      if (!row) throw notFound(CUSTOM_TAB_MESSAGES.notFound);
      return contributions.list(viewer, {
        searchAnd: customTabSearchAnd(row.filter, { sitePageId: on.sitePageId, viewerId: viewer.id }),
        sort: customTabSort(row.filter),
        page: on.page,
        size: on.size,
      });
    },

    create: (ownerId: string, input: { name: string; filter: CustomTabFilter }) => {
      checkFilter(input.filter);
      return asOwner(ownerId, async (tx) => {
        const [mine] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            last: sql<number>`coalesce(max(${customTabs.position}), -1)::int`,
          })
          .from(customTabs)
          .where(byOwner(ownerId));
        const { count, last } = mine ?? { count: 0, last: -1 };
        if (count >= MAX_CUSTOM_TABS) throw conflict(CUSTOM_TAB_MESSAGES.tooMany);
        await assertNameFree(tx, ownerId, input.name);
        await checkOrganization(tx, ownerId, input.filter);
        const [row] = await tx
          .insert(customTabs)
          .values({ ownerId, name: input.name, filter: input.filter, position: last + 1 })
          .returning();
        const [tab] = await presentAll(tx, ownerId, [row as Row]);
        return tab as CustomTab;
      });
    },

    update: (ownerId: string, id: string, input: { name?: string; filter?: CustomTabFilter }) => {
      if (input.filter) checkFilter(input.filter);
      return asOwner(ownerId, async (tx) => {
        if (input.name !== undefined) await assertNameFree(tx, ownerId, input.name, id);
        if (input.filter) await checkOrganization(tx, ownerId, input.filter);
        const [row] = await tx
          .update(customTabs)
          .set({ ...input, updatedAt: new Date() })
          .where(and(eq(customTabs.id, id), byOwner(ownerId)))
          .returning();
        if (!row) throw notFound(CUSTOM_TAB_MESSAGES.notFound);
        const [tab] = await presentAll(tx, ownerId, [row]);
        return tab as CustomTab;
      });
    },

    remove: (ownerId: string, id: string) =>
      asOwner(ownerId, async (tx) => {
        const [row] = await tx
          .delete(customTabs)
          .where(and(eq(customTabs.id, id), byOwner(ownerId)))
          .returning({ id: customTabs.id });
        if (!row) throw notFound(CUSTOM_TAB_MESSAGES.notFound);
      }),

    /** `ids` is every tab of the owner, once each, in the new order. */
    reorder: (ownerId: string, ids: string[]) =>
      asOwner(ownerId, async (tx) => {
        const mine = await list(tx, ownerId);
        const known = new Set(mine.map((t) => t.id));
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          !ids.every((id) => known.has(id))
        ) {
          throw validationFailed([{ field: "ids", message: CUSTOM_TAB_MESSAGES.orderMismatch }]);
        }
        // One statement: each tab's place in the list (the ids are checked UUIDs, so no commas).
        await tx
          .update(customTabs)
          .set({
            position: sql`array_position(string_to_array(${ids.join(",")}, ',')::uuid[], ${customTabs.id}) - 1`,
          })
          .where(byOwner(ownerId));
        return list(tx, ownerId);
      }),
  };
}
