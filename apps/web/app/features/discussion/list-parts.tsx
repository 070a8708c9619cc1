import { DISCUSSION_MESSAGES } from "@flipside/contracts/discussion-constants";
import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import type { IconComponent } from "../../components/ui/icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { cn } from "../../lib/cn.ts";
import type { PagedList } from "./paged-list.ts";

/** Only page views opened from a share link load it (the page view's budget). */
const SharedOne = lazy(() => import("./shared-thread.tsx").then((m) => ({ default: m.SharedOne })));

/**
 * The review or related page a share link points at, first on its tab and highlighted
 * (docs/sharing.md); `children` draws it as its list does.
 */
export function SharedFirst({ kind, children }: { kind: "review" | "related"; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <SharedOne kind={kind}>{children}</SharedOne>
    </Suspense>
  );
}

/** In place of a form on a page moderators hid (decision 027). */
export function PageClosed() {
  return (
    <p
      className="rounded-md border border-dashed p-3 text-muted-foreground text-sm"
      data-testid="page-closed"
    >
      {DISCUSSION_MESSAGES.pageHidden}
    </p>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-5" data-testid="list-skeleton">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders without identity.
        <div key={i} className="flex flex-col gap-2">
          <div className="flex items-center gap-2">
            <Skeleton circle className="size-7" />
            <Skeleton className="h-4 w-32" />
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** "Load more" under a list, with how many are left. */
export function LoadMore({
  shown,
  total,
  loading,
  onLoadMore,
  noun,
  testId,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onLoadMore(): void;
  noun: string;
  testId?: string;
}) {
  if (shown >= total) return null;
  return (
    <div className="flex flex-col items-center gap-1 pt-2">
      <Button variant="outline" loading={loading} onClick={onLoadMore} data-testid={testId}>
        {`Load more ${noun}`}
      </Button>
      <span className="text-muted-foreground text-xs">
        {`${shown.toLocaleString("en")} of ${total.toLocaleString("en")}`}
      </span>
    </div>
  );
}

export function ListEmpty({
  icon,
  title,
  description,
  action,
  testId,
}: {
  icon: IconComponent;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={action}
      headingLevel={3}
      compact
      data-testid={testId}
    />
  );
}

/**
 * "Load more" pressed: focus goes to the first item it brought, rather than to the page's top
 * when the button goes away with the last page (issue 19). Put `listRef` on the list and call
 * `loadingMore()` as the button is pressed; `target` picks what to focus in that item.
 */
export function useFocusOnMore<E extends HTMLElement>(
  count: number,
  target: (item: HTMLElement) => HTMLElement = (item) => item,
) {
  const listRef = useRef<E>(null);
  const focusFrom = useRef<number | null>(null);
  const pick = useRef(target);
  pick.current = target;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    const item = listRef.current?.children[from];
    if (item instanceof HTMLElement) pick.current(item).focus();
  }, [count]);
  return {
    listRef,
    loadingMore: () => {
      focusFrom.current = count;
    },
  };
}

/**
 * The body of a paged list: placeholders while page 0 loads, the empty state, the items, and
 * "load more". While page 0 reloads over items already shown (a sort change), they stay, dimmed.
 */
export function PagedListBody<T extends { id: string }>({
  list,
  loadingLabel,
  empty,
  noun,
  testId,
  loadMoreTestId,
  className,
  renderItem,
}: {
  list: PagedList<T>;
  loadingLabel: string;
  empty: ReactNode;
  noun: string;
  testId: string;
  loadMoreTestId: string;
  className: string;
  renderItem(item: T): ReactNode;
}) {
  const { state } = list;
  const reloading = state.loadingPage === 0;
  const focus = useFocusOnMore<HTMLOListElement>(state.items.length);
  return (
    <>
      {reloading && state.items.length === 0 ? (
        <ListSkeleton label={loadingLabel} />
      ) : state.items.length === 0 ? (
        empty
      ) : (
        <ol
          ref={focus.listRef}
          className={cn(className, reloading && "opacity-60 transition-opacity")}
          data-testid={testId}
        >
          {state.items.map((item) => (
            <li
              key={item.id}
              tabIndex={-1}
              className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              {renderItem(item)}
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        shown={state.items.length}
        total={state.total}
        loading={state.loadingPage !== null && state.loadingPage > 0}
        onLoadMore={() => {
          focus.loadingMore();
          void list.loadMore();
        }}
        noun={noun}
        testId={loadMoreTestId}
      />
    </>
  );
}

/** Where a form stands while its code comes (`DeferredPart`): about its height, so nothing jumps. */
export function FormLoading({ className }: { className: string }) {
  return (
    <div
      aria-busy="true"
      data-testid="form-loading"
      className={`animate-pulse rounded-xl border bg-card ${className}`}
    >
      <span className="sr-only">Loading the form…</span>
    </div>
  );
}
