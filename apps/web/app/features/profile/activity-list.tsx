import type { Contribution } from "@flipside/contracts/discussion";
import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { ActivityItem } from "../../components/activity/activity-item.tsx";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import type { ListPage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { ACTIVITY_KINDS, ACTIVITY_PAGE_SIZE, type ActivityKind } from "./profile-client.ts";

/** Everything / Comments / Reviews / Related pages, as links (`?kind=`), so each view has an address. */
function ActivityFilter({ kind, hrefFor }: { kind: ActivityKind; hrefFor(kind: ActivityKind): string }) {
  return (
    <nav aria-label="Show" className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 px-1">
        {(Object.keys(ACTIVITY_KINDS) as ActivityKind[]).map((k) => (
          <li key={k}>
            <AppLink
              to={hrefFor(k)}
              preventScrollReset
              aria-current={k === kind ? "page" : undefined}
              data-testid={`activity-filter-${k}`}
              className={cn(
                "inline-flex h-8 items-center whitespace-nowrap rounded-full border px-3 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40",
                k === kind ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
              )}
            >
              {ACTIVITY_KINDS[k].label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A page of someone's contributions, newest first, each leading to its page view; "Newer" and
 * "Older" are links, so every page of it has an address (and search engines can follow them).
 */
function ActivityList({
  items,
  total,
  page,
  hrefForPage,
  empty,
}: {
  items: readonly Contribution[];
  total: number;
  page: number;
  hrefForPage(page: number): string;
  empty: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  // Another filter or page of this list is on its way: the one shown is dimmed until it comes.
  const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  if (items.length === 0 && page === 1 && !pending) return <>{empty}</>;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  return (
    <div
      className={cn("flex flex-col gap-2 transition-opacity", pending && "opacity-60")}
      aria-busy={pending || undefined}
      data-testid="activity"
    >
      {items.length === 0 ? (
        <p className="py-6 text-muted-foreground text-sm">There is nothing on this page.</p>
      ) : (
        <ul className="divide-y" data-testid="activity-list">
          {items.map((item) => (
            <ActivityItem key={item.id} item={item} />
          ))}
        </ul>
      )}
      <PageSteps page={page} pages={pages} hrefForPage={hrefForPage} testIdPrefix="activity" />
    </div>
  );
}

/**
 * A person's contributions with their filters and pages, as a section under `title`. The filter
 * and the page are the address's own (`?kind=`, `?page=`), on whichever path shows the section.
 */
export function ActivitySection({
  title,
  activity,
  kind,
  page,
  empty,
}: {
  title: string;
  activity: ListPage<Contribution>;
  kind: ActivityKind;
  page: number;
  empty: ReactNode;
}) {
  const { pathname } = useLocation();
  const hrefFor = (k: ActivityKind, p = 1) => {
    const params = new URLSearchParams();
    if (k !== "all") params.set("kind", k);
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <h2 id="activity-heading" className="font-semibold text-lg">
        {title}
      </h2>
      <ActivityFilter kind={kind} hrefFor={(k) => hrefFor(k)} />
      <ActivityList
        items={activity.items}
        total={activity.total}
        page={page}
        hrefForPage={(p) => hrefFor(kind, p)}
        empty={empty}
      />
    </section>
  );
}
