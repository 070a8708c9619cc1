import { LIVE_EVENTS } from "@flipside/contracts/live-constants";
import { useEffect, useState, useSyncExternalStore } from "react";
import { ArrowUp } from "../../components/ui/icons.tsx";
import { followPage, useLiveEvent } from "../../lib/live-events.ts";

/**
 * A page view kept live (docs/live.md#in-the-web-app): what others add is counted per tab
 * ("3 new comments — show") rather than pushed into the lists under the reader's eyes, and the
 * tallies of contributions others vote on change in place.
 */

export type FreshKind = "comments" | "reviews" | "related";

const KIND_OF: Record<string, FreshKind> = {
  COMMENT: "comments",
  REPLY: "comments",
  REVIEW: "reviews",
  RELATED_PAGE: "related",
};

const NOUNS: Record<FreshKind, [string, string]> = {
  comments: ["comment", "comments"],
  reviews: ["review", "reviews"],
  related: ["related page", "related pages"],
};

/** "3 new comments — show" */
export function freshText(kind: FreshKind, count: number): string {
  const [one, many] = NOUNS[kind];
  return `${count} new ${count === 1 ? one : many} — show`;
}

interface Added {
  id: string;
  pageId: string;
  kind: string;
  createdDate: string;
}

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === "object" && data !== null;

function addedOf(data: unknown): Added | null {
  if (!isRecord(data)) return null;
  const { id, pageId, kind, createdDate } = data;
  return typeof id === "string" &&
    typeof pageId === "string" &&
    typeof kind === "string" &&
    typeof createdDate === "string"
    ? { id, pageId, kind, createdDate }
    : null;
}

// ------------------------------------------------------------------------------------- tallies

export interface Tally {
  up: number;
  down: number;
}

const tallies = new Map<string, Tally>();
const tallyListeners = new Set<() => void>();

function subscribeTallies(listener: () => void) {
  tallyListeners.add(listener);
  return () => {
    tallyListeners.delete(listener);
  };
}

function setTally(data: unknown, pageId: string) {
  if (!isRecord(data) || data.pageId !== pageId) return;
  const { id, upCount, downCount } = data;
  if (typeof id !== "string" || typeof upCount !== "number" || typeof downCount !== "number") return;
  tallies.set(id, { up: upCount, down: downCount });
  for (const listener of tallyListeners) listener();
}

/** The latest tally pushed for a contribution, if any arrived since the page was loaded. */
export function useLiveTally(id: string): Tally | undefined {
  return useSyncExternalStore(
    subscribeTallies,
    () => tallies.get(id),
    () => undefined,
  );
}

// ------------------------------------------------------------------------------------- the page

/**
 * Follows the page while the view is mounted, from when its data was read (`loadedAt`): what the
 * stream tells of, and `shown` does not already hold, is counted per tab until `show` is pressed.
 */
export function useLivePage(opts: { pageId: string; loadedAt: number; shown(id: string): boolean }) {
  const { pageId, loadedAt } = opts;
  const [fresh, setFresh] = useState<{ loadedAt: number; ids: Record<FreshKind, string[]> }>(() => ({
    loadedAt,
    ids: { comments: [], reviews: [], related: [] },
  }));
  // A new loader run (a sign-in, the same address again) starts counting afresh.
  const ids = fresh.loadedAt === loadedAt ? fresh.ids : { comments: [], reviews: [], related: [] };

  useEffect(() => followPage(pageId, new Date(loadedAt).toISOString()), [pageId, loadedAt]);
  useEffect(
    () => () => {
      tallies.clear();
    },
    [],
  );

  useLiveEvent(LIVE_EVENTS.contribution, (data) => {
    const added = addedOf(data);
    const kind = added ? KIND_OF[added.kind] : undefined;
    if (!added || !kind || added.pageId !== pageId) return;
    // A replay reaches a little before the page was read: what the lists hold is not news. A reply
    // is not in them (threads load their own), so one from before the read is taken as seen.
    if (opts.shown(added.id) || (added.kind === "REPLY" && Date.parse(added.createdDate) <= loadedAt)) return;
    setFresh((current) => {
      const base = current.loadedAt === loadedAt ? current.ids : { comments: [], reviews: [], related: [] };
      if (base[kind].includes(added.id)) return current;
      return { loadedAt, ids: { ...base, [kind]: [...base[kind], added.id] } };
    });
  });
  useLiveEvent(LIVE_EVENTS.votes, (data) => setTally(data, pageId));

  return {
    count: (kind: FreshKind) => ids[kind].length,
    clear: (kind: FreshKind) => setFresh({ loadedAt, ids: { ...ids, [kind]: [] } }),
  };
}

/** The button that brings what others added into the list. */
export function FreshBanner({ kind, count, onShow }: { kind: FreshKind; count: number; onShow(): void }) {
  return (
    <div aria-live="polite" className="contents">
      {count > 0 ? (
        <button
          type="button"
          onClick={onShow}
          className="inline-flex cursor-pointer items-center justify-center gap-1.5 self-center rounded-full bg-primary px-4 py-1.5 font-medium text-primary-foreground text-sm shadow-sm outline-none transition-colors hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/40"
          data-testid={`fresh-${kind}`}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          {freshText(kind, count)}
        </button>
      ) : null}
    </div>
  );
}
