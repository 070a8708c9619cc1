import { REJECTION_REASON_LABELS, REVIEW_STATUS_LABELS } from "@flipside/contracts/ads-constants";
import { useId, useState } from "react";
import { Form, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Copy, Images, MoreHorizontal, Pencil, Search, SearchX } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { isApiError, type ListPage } from "../../lib/api.ts";
import { escapeFilterValue } from "../../lib/search-and.ts";
import { notify } from "../../lib/toast.ts";
import { type AccountListQuery, type AdCreative, adsApi } from "./ads-client.ts";
import { CreativeEditor } from "./creative-editor.tsx";
import { CreativePreview } from "./creative-preview.tsx";

export const CREATIVE_PAGE_SIZE = 24;

/** The library's tabs (ADS.md §1.3), as `?show=`; "All" is every creative not archived. */
export const CREATIVE_SHOWS = {
  all: { label: "All", where: ["archived==false"] },
  review: { label: "In review", where: ["archived==false", "reviewStatus==PENDING_REVIEW"] },
  approved: { label: "Approved", where: ["archived==false", "reviewStatus==APPROVED"] },
  rejected: { label: "Rejected", where: ["archived==false", "reviewStatus==REJECTED"] },
  archived: { label: "Archived", where: ["archived==true"] },
} as const;
export type CreativeShow = keyof typeof CREATIVE_SHOWS;

export interface CreativeQuery {
  show: CreativeShow;
  q: string;
  page: number;
}

const isShow = (key: string): key is CreativeShow => Object.hasOwn(CREATIVE_SHOWS, key);
const SHOW_KEYS = Object.keys(CREATIVE_SHOWS).filter(isShow);

export function creativeQuery(params: URLSearchParams): CreativeQuery {
  const show = params.get("show") ?? "all";
  const page = Number(params.get("page"));
  return {
    show: isShow(show) ? show : "all",
    q: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function creativeListQuery(adAccountId: string, query: CreativeQuery): AccountListQuery {
  return {
    adAccountId,
    where: [...CREATIVE_SHOWS[query.show].where, ...(query.q ? [`name||${escapeFilterValue(query.q)}`] : [])],
    sort: ["createdAt,desc", "id,desc"],
    page: query.page - 1,
    size: CREATIVE_PAGE_SIZE,
  };
}

export function creativesHref(query: CreativeQuery, change: Partial<CreativeQuery> = {}, extra = ""): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.show !== "all") params.set("show", next.show);
  if (next.q) params.set("q", next.q);
  if (next.page > 1) params.set("page", String(next.page));
  if (extra) params.set(extra, "1");
  const search = params.toString();
  return search ? `/ads/creative-lib?${search}` : "/ads/creative-lib";
}

const BADGE = {
  PENDING_REVIEW: "warning",
  APPROVED: "success",
  REJECTED: "destructive",
  ARCHIVED: "outline",
} as const;

type Editing = { creative: AdCreative | null; copyOf: AdCreative | null } | null;

/**
 * The creative library (ADS.md §1.3): cards that show each ad as readers will see it, its
 * review, where it is used, and what to do when it was rejected.
 */
export function CreativeLibrary({
  adAccountId,
  list,
  query,
  canWrite,
}: {
  adAccountId: string;
  list: ListPage<AdCreative>;
  query: CreativeQuery;
  canWrite: boolean;
}) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [chosen, setEditing] = useState<Editing>(null);
  // "New creative" is an address (`?new=1`), so the header and the empty state can link to it.
  const editing: Editing =
    chosen ?? (canWrite && params.get("new") === "1" ? { creative: null, copyOf: null } : null);
  const close = () => {
    setEditing(null);
    if (params.has("new")) navigate(creativesHref(query), { replace: true, preventScrollReset: true });
  };
  const searchId = useId();
  const filtered = query.show !== "all" || query.q !== "";

  async function setArchived(creative: AdCreative, archived: boolean) {
    try {
      await (archived ? adsApi.archiveCreative(creative.id) : adsApi.unarchiveCreative(creative.id));
      notify.success(archived ? "Creative archived" : "Creative unarchived");
      void revalidate();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The creative was not changed. Try again.");
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <nav aria-label="Review status" className="flex flex-wrap gap-1">
          {SHOW_KEYS.map((key) => (
            <AppLink
              key={key}
              to={creativesHref(query, { show: key, page: 1 })}
              aria-current={query.show === key ? "page" : undefined}
              className="rounded-md px-3 py-1.5 text-muted-foreground text-sm hover:bg-accent hover:text-foreground aria-[current=page]:bg-secondary aria-[current=page]:font-medium aria-[current=page]:text-foreground"
              data-testid={`creatives-show-${key}`}
            >
              {CREATIVE_SHOWS[key].label}
            </AppLink>
          ))}
        </nav>
        <Form method="get" action="/ads/creative-lib" role="search" className="flex items-end gap-2">
          {query.show !== "all" ? <input type="hidden" name="show" value={query.show} /> : null}
          <label htmlFor={searchId} className="sr-only">
            Search creatives
          </label>
          <Input
            id={searchId}
            name="q"
            type="search"
            key={query.q}
            defaultValue={query.q}
            maxLength={100}
            placeholder="Search creatives"
            className="min-w-0 lg:w-64"
            data-testid="creative-search"
          />
          <Button type="submit" variant="outline" size="icon" aria-label="Search">
            <Search aria-hidden="true" />
          </Button>
        </Form>
      </div>

      {list.items.length === 0 ? (
        filtered || query.page > 1 ? (
          <EmptyState
            icon={SearchX}
            title="No creatives match these filters."
            action={
              <Button variant="outline" asChild>
                <AppLink to="/ads/creative-lib">Clear filters</AppLink>
              </Button>
            }
            data-testid="creatives-filtered-empty"
          />
        ) : (
          <EmptyState
            icon={Images}
            title="No creatives yet"
            description="Create the headline, text and image of your ad. We review each creative before it runs."
            action={
              canWrite ? (
                <Button asChild>
                  <AppLink to={creativesHref(query, {}, "new")}>New creative</AppLink>
                </Button>
              ) : null
            }
            data-testid="creatives-empty"
          />
        )
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="creative-cards">
            {list.items.map((c) => {
              const status = c.archivedAt ? "ARCHIVED" : c.reviewStatus;
              return (
                <li key={c.id}>
                  <Card className="h-full" data-testid="creative-card">
                    <CardContent className="flex h-full flex-col gap-3">
                      <CreativePreview creative={c} />
                      <div className="flex items-start justify-between gap-2">
                        <div className="flex min-w-0 flex-col gap-1">
                          <h2 className="break-words font-medium">{c.name}</h2>
                          <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                            <Badge variant={BADGE[status]} data-testid="creative-status">
                              {REVIEW_STATUS_LABELS[status]}
                            </Badge>
                            <span>
                              Used in {c.usedBy} {c.usedBy === 1 ? "campaign" : "campaigns"}
                            </span>
                            <span>
                              {new Intl.DateTimeFormat("en-GB", {
                                day: "numeric",
                                month: "short",
                                year: "numeric",
                              }).format(new Date(c.createdAt))}
                            </span>
                          </div>
                        </div>
                        {canWrite ? (
                          <DropdownMenu>
                            <DropdownMenuTrigger asChild>
                              <Button
                                variant="ghost"
                                size="icon-sm"
                                aria-label={`Actions for ${c.name}`}
                                data-testid="creative-menu"
                              >
                                <MoreHorizontal aria-hidden="true" />
                              </Button>
                            </DropdownMenuTrigger>
                            <DropdownMenuContent align="end">
                              {c.archivedAt ? null : (
                                <DropdownMenuItem onSelect={() => setEditing({ creative: c, copyOf: null })}>
                                  <Pencil aria-hidden="true" />
                                  Edit
                                </DropdownMenuItem>
                              )}
                              <DropdownMenuItem onSelect={() => setEditing({ creative: null, copyOf: c })}>
                                <Copy aria-hidden="true" />
                                Duplicate
                              </DropdownMenuItem>
                              <DropdownMenuItem onSelect={() => void setArchived(c, !c.archivedAt)}>
                                {c.archivedAt ? "Unarchive" : "Archive"}
                              </DropdownMenuItem>
                            </DropdownMenuContent>
                          </DropdownMenu>
                        ) : null}
                      </div>
                      {status === "REJECTED" ? (
                        <div
                          className="mt-auto flex flex-col items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
                          data-testid="creative-rejected"
                        >
                          <p>
                            Rejected: {c.rejectionReason ? REJECTION_REASON_LABELS[c.rejectionReason] : ""}.
                            {c.rejectionNote ? ` ${c.rejectionNote}` : ""}
                          </p>
                          {canWrite ? (
                            <Button
                              size="sm"
                              variant="outline"
                              onClick={() => setEditing({ creative: c, copyOf: null })}
                            >
                              Edit and resubmit
                            </Button>
                          ) : null}
                        </div>
                      ) : null}
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
          <PageSteps
            page={query.page}
            pages={Math.ceil(list.total / CREATIVE_PAGE_SIZE)}
            hrefForPage={(page) => creativesHref(query, { page })}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="creatives"
          />
        </>
      )}
      {editing ? (
        <CreativeEditor
          adAccountId={adAccountId}
          creative={editing.creative}
          copyOf={editing.copyOf}
          onClose={close}
          onSaved={() => {
            close();
            void revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
