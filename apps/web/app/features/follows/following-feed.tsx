import type { Contribution } from "@flipside/contracts/discussion";
import { useCallback, useEffect, useState } from "react";
import { ActivityItem } from "../../components/activity/activity-item.tsx";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { BellPlus, RefreshCw } from "../../components/ui/icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { follows } from "../../lib/follows-client.ts";

/** How many items the feed shows at first and adds with "Show more". */
export const FEED_PAGE_SIZE = 10;

type FeedState =
  | { kind: "loading" }
  | { kind: "failed" }
  | {
      kind: "shown";
      items: Contribution[];
      total: number;
      page: number;
      more: "idle" | "loading" | "failed";
    };

/**
 * "Following" on the front page (docs/follows.md): the newest discussion on the pages and sites
 * the visitor follows and by the people they follow, read after hydration (the front page's
 * HTML is the same for everyone), ten at a time.
 */
export function FollowingFeed() {
  const [state, setState] = useState<FeedState>({ kind: "loading" });

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      const first = await follows.feed({ page: 0, size: FEED_PAGE_SIZE });
      setState({ kind: "shown", items: first.items, total: first.total, page: 0, more: "idle" });
    } catch {
      setState({ kind: "failed" });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function showMore() {
    if (state.kind !== "shown") return;
    setState({ ...state, more: "loading" });
    try {
      const next = await follows.feed({ page: state.page + 1, size: FEED_PAGE_SIZE });
      // What arrived meanwhile moves items down a page: nothing shows twice.
      const seen = new Set(state.items.map((item) => item.id));
      setState({
        kind: "shown",
        items: [...state.items, ...next.items.filter((item) => !seen.has(item.id))],
        total: next.total,
        page: state.page + 1,
        more: "idle",
      });
    } catch {
      setState({ ...state, more: "failed" });
    }
  }

  return (
    <section aria-labelledby="following-feed" className="flex flex-col gap-3" data-testid="following-feed">
      <h2 id="following-feed" className="font-semibold text-lg">
        Following
      </h2>
      {state.kind === "loading" ? (
        <div aria-busy="true" className="flex flex-col gap-3" data-testid="feed-loading">
          <span className="sr-only">Loading your feed…</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : state.kind === "failed" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm" data-testid="feed-failed">
          Could not load what you follow.
          <Button type="button" variant="outline" size="sm" onClick={load}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : state.items.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={BellPlus}
          title="Your feed is empty"
          description="Follow a page, a site or a person: their new comments, reviews and related pages show here."
          action={
            <Button asChild size="sm" variant="outline">
              <AppLink to="/trending">Find pages to follow</AppLink>
            </Button>
          }
          data-testid="feed-empty"
        />
      ) : (
        <>
          <ul className="divide-y rounded-xl border bg-card px-4" data-testid="feed-list">
            {state.items.map((item) => (
              <ActivityItem key={item.id} item={item} byline />
            ))}
          </ul>
          {state.items.length < state.total ? (
            <div className="flex items-center gap-3">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={showMore}
                aria-busy={state.more === "loading" || undefined}
                disabled={state.more === "loading"}
                data-testid="feed-more"
              >
                {state.more === "loading" ? "Loading…" : "Show more"}
              </Button>
              {state.more === "failed" ? (
                <span role="alert" className="text-destructive text-sm">
                  Could not load more. Try again.
                </span>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
