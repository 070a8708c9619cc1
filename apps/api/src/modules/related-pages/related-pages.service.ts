import {
  type CreateRelatedPage,
  DISCUSSION_MESSAGES,
  type RelatedPage,
} from "@flipside/contracts/discussion";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { contributions } from "../../db/schema/discussion.ts";
import { conflict, notFound, validationFailed } from "../../lib/errors.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import type { FilterSpec, SortSpec } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import {
  bumpPageCounters,
  contributionList,
  type DiscussionCore,
  listOf,
  oneOf,
  softDelete,
} from "../discussion/index.ts";
import { presentRelatedPage } from "./related-pages.presenter.ts";
import * as repo from "./related-pages.repository.ts";

const OTHER_PAGE = sql`${sql.identifier("sides")}.${sql.identifier("other_id")}`;

export const RELATED_FILTER: FilterSpec = {
  fields: {
    id: { column: contributions.id, type: "uuid" },
    sitePage_id: { column: repo.THIS_PAGE, type: "uuid" },
    relatedPage_id: { column: OTHER_PAGE, type: "uuid" },
    authorId: { column: contributions.authorId, type: "uuid" },
    score: { column: contributions.score, type: "int" },
    createdDate: { column: contributions.createdAt, type: "date" },
  },
};
export const RELATED_SORT: SortSpec = {
  fields: { top: contributions.wilson, score: contributions.score, createdDate: contributions.createdAt },
};
/** Best first (docs/discussion.md). */
export const RELATED_DEFAULT_SORT = ["top,desc", "createdDate,desc"] as const;

const NO_SUCH_LINK = "There is no such related page.";

export function createRelatedPagesService(core: DiscussionCore) {
  const { db, storage, writer } = core;

  const spec = contributionList<repo.RelatedListRow, RelatedPage>({
    filter: RELATED_FILTER,
    sort: RELATED_SORT,
    defaultSort: RELATED_DEFAULT_SORT,
    rows: repo.listRelated,
    count: repo.countRelated,
    present: (rows) => rows.map((r) => presentRelatedPage(r, storage)),
  });

  async function get(viewer: Viewer | null, id: string, fromPageId: string): Promise<RelatedPage> {
    const where = and(eq(contributions.id, id), sql`${repo.THIS_PAGE} = ${fromPageId}::uuid`);
    const link = await oneOf(db, spec, viewer, where);
    if (!link) throw notFound(NO_SUCH_LINK);
    return link;
  }

  return {
    list: (viewer: Viewer | null, query: ListQuery) => listOf(db, spec, viewer, query),

    /** Links another address to a page: one undirected pair, whichever side it is linked from. */
    async create(viewer: Viewer, input: z.output<typeof CreateRelatedPage>): Promise<RelatedPage> {
      const id = await writer.add(viewer, input.sitePage_id, {
        async prepare(found) {
          const other = await core.pages.findOrCreate(input.url);
          if (other.page.moderation !== null)
            throw validationFailed([{ field: "url", message: DISCUSSION_MESSAGES.linkedPageHidden }]);
          const here = found.page.canonicalOf ?? found.page.id;
          if (other.page.id === here || other.page.id === found.page.id) {
            throw validationFailed([{ field: "url", message: DISCUSSION_MESSAGES.sameLinked }]);
          }
          return other;
        },
        async write(tx, found, other) {
          const [pageA, pageB] = [found.page.id, other.page.id].sort() as [string, string];
          const [row] = await tx
            .insert(contributions)
            .values({
              kind: "RELATED_PAGE",
              sitePageId: found.page.id,
              authorId: viewer.id,
              body: input.reason ?? "",
            })
            .returning({ id: contributions.id });
          if (!row) throw new Error("related page insert returned nothing");
          // Rolls the contribution back too when the pair exists (also under a race).
          if (!(await repo.insertLink(tx, row.id, pageA, pageB)))
            throw conflict(DISCUSSION_MESSAGES.alreadyLinked);
          await bumpPageCounters(tx, [pageA, pageB], { relatedCount: 1 });
          return { result: row.id, pages: [pageA, pageB] };
        },
      });
      return get(viewer, id, input.sitePage_id);
    },

    /** The author removes the link; the pair may then be linked again. */
    async remove(viewer: Viewer, id: string): Promise<void> {
      await writer.change(viewer, {
        lock: (tx) => repo.lockLink(tx, id),
        notFound: NO_SUCH_LINK,
        async write(tx, row) {
          const pages = [row.link.pageA, row.link.pageB];
          await repo.deleteLink(tx, id);
          await softDelete(tx, id);
          await bumpPageCounters(tx, pages, { relatedCount: -1 });
          return { result: undefined, pages };
        },
      });
    },
  };
}
