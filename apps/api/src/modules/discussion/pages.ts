import { DISCUSSION_MESSAGES } from "@flipside/contracts/discussion";
import type { Db } from "../../db/client.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { normalizeUrl } from "../../lib/url-normalize.ts";
import type { PageFetchQueue } from "./page-fetch.ts";
import * as repo from "./pages.repository.ts";

/** The pages every contribution hangs off: found, created, followed to their canonical page. */
export function createPages(deps: { db: Db; fetchQueue: PageFetchQueue }) {
  const { db, fetchQueue } = deps;

  /** Follows a merge to the canonical page: one hop, merges never chain (docs/discussion.md). */
  async function resolve(found: repo.PageWithSite): Promise<repo.PageWithSite> {
    if (!found.page.canonicalOf) return found;
    return (await repo.findPageById(db, found.page.canonicalOf)) ?? found;
  }

  /** The page with its site, or 404 "page not found". */
  async function requirePage(pageId: string): Promise<repo.PageWithSite> {
    const found = await repo.findPageById(db, pageId);
    if (!found) throw notFound(DISCUSSION_MESSAGES.pageNotFound);
    return found;
  }

  return {
    resolve,
    require: requirePage,

    /**
     * The page a new contribution goes on: it exists, and moderators did not hide it (403: a
     * hidden page keeps its discussion so far but takes nothing new, decision 027).
     */
    async requireOpen(pageId: string): Promise<repo.PageWithSite> {
      const found = await requirePage(pageId);
      if (found.page.moderation !== null) throw forbidden(DISCUSSION_MESSAGES.pageHidden);
      return found;
    },

    /** A known address's page (followed to its canonical page), or undefined. */
    async findByNormalizedUrl(normalizedUrl: string): Promise<repo.PageWithSite | undefined> {
      const found = await repo.findPageByNormalizedUrl(db, normalizedUrl);
      return found ? resolve(found) : undefined;
    },

    /**
     * The page of an address, created (with its site) when new and then read once in the
     * background. Concurrent calls for one new address create one page: the insert does nothing
     * on conflict and everyone reads the winner.
     */
    async findOrCreate(address: string): Promise<repo.PageWithSite> {
      const n = normalizeUrl(address);
      const known = await repo.findPageByNormalizedUrl(db, n.normalizedUrl);
      if (known) return resolve(known);
      const site = await repo.findOrInsertSite(db, n.domain);
      const page = await repo.insertPage(db, {
        siteId: site.id,
        // Never what was typed: it may hold credentials (`user:password@`) or a misleading
        // userinfo (`https://attacker.example@example.com/`), and everyone sees this address.
        rawUrl: n.displayUrl,
        normalizedUrl: n.normalizedUrl,
        displayUrl: n.displayUrl,
        title: null,
        description: null,
        faviconUrl: null,
        fetchedAt: null,
      });
      if (page) {
        await fetchQueue.schedule(page.id);
        return { page, site };
      }
      const winner = await repo.findPageByNormalizedUrl(db, n.normalizedUrl);
      if (!winner) throw new Error(`page ${n.normalizedUrl} vanished`);
      return resolve(winner);
    },
  };
}

export type Pages = ReturnType<typeof createPages>;
