import { CAMPAIGN_STATUS_LABELS, formatMicros } from "@flipside/contracts/ads-constants";
import { type ReactNode, useId, useState } from "react";
import { Form, useLocation, useNavigation, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import {
  ArrowDown,
  ArrowDownUp,
  ArrowUp,
  ChartColumn,
  Copy,
  Megaphone,
  MoreHorizontal,
  Pencil,
  Search,
  SearchX,
  Trash2,
} from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isApiError, type ListPage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type AdAccount, type AdCampaign, adsApi } from "./ads-client.ts";
import {
  CAMPAIGN_PAGE_SIZE,
  type CampaignQuery,
  campaignQuery,
  campaignsHref,
  nextSort,
  type SortColumn,
  STATUS_CHOICES,
} from "./campaign-query.ts";

type BulkAction = "PAUSE" | "RESUME" | "ARCHIVE";
const BULK_DONE: Record<BulkAction, string> = { PAUSE: "paused", RESUME: "resumed", ARCHIVE: "archived" };

/** "3 campaigns paused" (ADS.md §1.2), "1 campaign paused". */
export function bulkToast(n: number, action: BulkAction): string {
  return `${n} ${n === 1 ? "campaign" : "campaigns"} ${BULK_DONE[action]}`;
}

function failed(error: unknown, fallback: string) {
  notify.error(isApiError(error) ? error.message : fallback);
}

/** Dates in the account's time zone: "3 Dec 2026 – 31 Jan 2027", or "From 3 Dec 2026". */
function dates(campaign: AdCampaign, zone: string): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(new Date(iso));
  const { startAt, endAt } = campaign.schedule;
  return endAt ? `${day(startAt)} – ${day(endAt)}` : `From ${day(startAt)}`;
}

function budget(campaign: AdCampaign, currency: string): string {
  const total = `${formatMicros(campaign.budget.totalMicros, currency)} total`;
  const daily = campaign.budget.dailyMicros;
  return daily === null ? total : `${formatMicros(daily, currency)}/day · ${total}`;
}

/** What a charged event cost on average: per thousand impressions (CPM) or per click (CPC). */
function averageCost(campaign: AdCampaign, currency: string): string {
  const { billedEvents, spentMicros } = campaign.stats;
  if (billedEvents === 0) return "—";
  const per =
    campaign.pricingModel === "CPM" ? (spentMicros / billedEvents) * 1000 : spentMicros / billedEvents;
  return `${formatMicros(Math.round(per), currency)} ${campaign.pricingModel}`;
}

/** A column header that sorts the list by following a link, with its state for screen readers. */
function SortHeader({ column, label, query }: { column: SortColumn; label: string; query: CampaignQuery }) {
  const direction = query.sort === column ? "ascending" : query.sort === `-${column}` ? "descending" : "none";
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowDownUp;
  return (
    <th scope="col" aria-sort={direction} className="px-2 py-2 text-left font-medium">
      <AppLink
        to={campaignsHref({ ...query, sort: nextSort(query.sort, column), page: 1 })}
        className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        data-testid={`sort-${column}`}
      >
        {label}
        <Icon className={cn("size-3.5", direction === "none" && "opacity-40")} aria-hidden="true" />
      </AppLink>
    </th>
  );
}

/** A cell that shows its column's name above it when the table becomes cards (below md). */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td
      data-label={label}
      className={cn(
        "px-2 py-2 align-top max-md:p-0 max-md:before:block max-md:before:text-muted-foreground max-md:before:text-xs max-md:before:content-[attr(data-label)]",
        className,
      )}
    >
      {children}
    </td>
  );
}

/** Active or paused, switched in place; other statuses are a label (ADS.md §1.2 "Status"). */
function StatusSwitch({
  campaign,
  canWrite,
  onChanged,
}: {
  campaign: AdCampaign;
  canWrite: boolean;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  if (campaign.status !== "ACTIVE" && campaign.status !== "PAUSED") {
    return <Badge variant="outline">{CAMPAIGN_STATUS_LABELS[campaign.status]}</Badge>;
  }
  const on = campaign.status === "ACTIVE";
  async function toggle() {
    setBusy(true);
    try {
      await adsApi.setCampaignStatus(campaign.id, on ? "PAUSED" : "ACTIVE");
      notify.success(on ? "Campaign paused" : "Campaign resumed");
      onChanged();
    } catch (error) {
      failed(error, "The campaign was not changed. Try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`${campaign.name}: active`}
      disabled={!canWrite || busy}
      onClick={() => void toggle()}
      className="group inline-flex items-center gap-2 rounded-full text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
      data-testid="campaign-status-switch"
    >
      <span
        aria-hidden="true"
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 rounded-full border-2 border-transparent transition-colors",
          on ? "bg-primary" : "bg-input",
        )}
      >
        <span
          className={cn(
            "block size-4 rounded-full bg-background shadow transition-transform motion-reduce:transition-none",
            on ? "translate-x-4" : "translate-x-0",
          )}
        />
      </span>
      {CAMPAIGN_STATUS_LABELS[campaign.status]}
    </button>
  );
}

/** The row menu (ADS.md §1.2): edit, duplicate, pause or resume, archive, delete a draft, analytics. */
function RowMenu({
  campaign,
  query,
  canWrite,
  onChanged,
  onArchive,
  onDelete,
}: {
  campaign: AdCampaign;
  query: CampaignQuery;
  canWrite: boolean;
  onChanged: () => void;
  onArchive: () => void;
  onDelete: () => void;
}) {
  const live = campaign.status === "ACTIVE" || campaign.status === "PAUSED";
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      notify.success(done);
      onChanged();
    } catch (error) {
      failed(error, "The campaign was not changed. Try again.");
    }
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Actions for ${campaign.name}`}
          data-testid="campaign-menu"
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-48">
        <DropdownMenuItem asChild>
          <AppLink to={campaignsHref(query, { campaign: campaign.id })}>
            <Pencil aria-hidden="true" />
            {canWrite && campaign.status !== "ARCHIVED" ? "Edit" : "View"}
          </AppLink>
        </DropdownMenuItem>
        {canWrite ? (
          <>
            <DropdownMenuItem
              onSelect={() => void run(() => adsApi.duplicateCampaign(campaign.id), "Campaign duplicated")}
            >
              <Copy aria-hidden="true" />
              Duplicate
            </DropdownMenuItem>
            {live ? (
              <DropdownMenuItem
                onSelect={() =>
                  void run(
                    () =>
                      adsApi.setCampaignStatus(
                        campaign.id,
                        campaign.status === "ACTIVE" ? "PAUSED" : "ACTIVE",
                      ),
                    campaign.status === "ACTIVE" ? "Campaign paused" : "Campaign resumed",
                  )
                }
              >
                {campaign.status === "ACTIVE" ? "Pause" : "Resume"}
              </DropdownMenuItem>
            ) : null}
            {live ? <DropdownMenuItem onSelect={onArchive}>Archive</DropdownMenuItem> : null}
            {campaign.status === "DRAFT" ? (
              <DropdownMenuItem variant="destructive" onSelect={onDelete}>
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            ) : null}
          </>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <AppLink to={`/ads/analytics?campaign=${campaign.id}`}>
            <ChartColumn aria-hidden="true" />
            View in Analytics
          </AppLink>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function SkeletonRows() {
  return (
    <div className="flex flex-col gap-3" data-testid="campaigns-loading">
      {["a", "b", "c", "d", "e"].map((key) => (
        <Skeleton key={key} className="h-12 w-full" />
      ))}
    </div>
  );
}

/**
 * The campaigns list (ADS.md §1.2): a status select and a search that are a GET form (every
 * view has an address), sortable columns, a page of 20, row checkboxes with bulk moves, and a
 * menu per row. Below md the table's rows become stacked cards.
 */
export function CampaignList({
  account,
  list,
  query,
  canWrite,
  archivedOnly,
  onNew,
}: {
  account: AdAccount;
  list: ListPage<AdCampaign>;
  query: CampaignQuery;
  canWrite: boolean;
  /** The default view is empty, but archived campaigns exist. */
  archivedOnly: boolean;
  onNew: ReactNode;
}) {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const location = useLocation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<
    { kind: "archive" | "delete"; campaign: AdCampaign } | { kind: "bulk-archive" } | null
  >(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const searchId = useId();
  const refresh = () => {
    setSelected(new Set());
    void revalidate();
  };
  // Another view of this list is on its way: its rows are not known yet.
  const pending = navigation.location;
  const changingView =
    navigation.state === "loading" &&
    pending?.pathname === location.pathname &&
    campaignsHref(campaignQuery(new URLSearchParams(pending.search))) !==
      campaignsHref(campaignQuery(new URLSearchParams(location.search)));
  const filtered = query.status !== "" || query.q !== "";
  const pageIds = list.items.map((c) => c.id);
  const chosen = pageIds.filter((id) => selected.has(id));
  const allChosen = chosen.length > 0 && chosen.length === pageIds.length;
  const currency = account.currency;

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function bulk(action: BulkAction) {
    setBulkBusy(true);
    try {
      const { updated } = await adsApi.bulkCampaigns(account.id, chosen, action);
      notify.success(bulkToast(updated.length, action));
      refresh();
    } catch (error) {
      failed(error, "The campaigns were not changed. Try again.");
      throw error;
    } finally {
      setBulkBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <Form
        method="get"
        action="/ads/campaigns"
        role="search"
        className="flex flex-wrap items-end gap-2"
        data-testid="campaign-filters"
      >
        <label className="flex w-full flex-col gap-1 text-sm sm:w-44">
          <span className="font-medium">Status</span>
          <select
            name="status"
            defaultValue={query.status}
            key={query.status}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
            className={cn(inputVariants(), "pr-8")}
            data-testid="campaign-status-filter"
          >
            {STATUS_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-sm">
          <label htmlFor={searchId} className="font-medium">
            Search
          </label>
          <Input
            id={searchId}
            name="q"
            type="search"
            key={query.q}
            defaultValue={query.q}
            maxLength={100}
            placeholder="Search campaigns"
            data-testid="campaign-search"
          />
        </div>
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>

      {canWrite && chosen.length > 0 ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-2 py-2 text-sm"
          data-testid="campaign-bulk-bar"
        >
          <span className="mr-auto font-medium" aria-live="polite">
            {chosen.length} selected
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={bulkBusy}
            onClick={() => void bulk("PAUSE").catch(() => {})}
          >
            Pause
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={bulkBusy}
            onClick={() => void bulk("RESUME").catch(() => {})}
          >
            Resume
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={bulkBusy}
            onClick={() => setConfirm({ kind: "bulk-archive" })}
          >
            Archive
          </Button>
        </div>
      ) : null}

      {changingView ? (
        <SkeletonRows />
      ) : list.items.length === 0 ? (
        filtered || query.page > 1 || archivedOnly ? (
          <EmptyState
            icon={SearchX}
            title="No campaigns match these filters."
            description={archivedOnly ? "Every campaign of this account is archived." : undefined}
            action={
              <Button variant="outline" asChild>
                {archivedOnly ? (
                  <AppLink to="/ads/campaigns?status=ARCHIVED">Show archived campaigns</AppLink>
                ) : (
                  <AppLink to="/ads/campaigns">Clear filters</AppLink>
                )}
              </Button>
            }
            data-testid="campaigns-filtered-empty"
          />
        ) : (
          <EmptyState
            icon={Megaphone}
            title="No campaigns yet"
            description="Create a campaign to show your ads beside discussions."
            action={onNew}
            data-testid="campaigns-empty"
          />
        )
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {list.total === 1 ? "1 campaign" : `${list.total} campaigns`}. Times in {account.timezone}.
          </p>
          {/* A wide table scrolls within its own box on narrow desktops; below md it is cards. */}
          <div className="md:overflow-x-auto">
            <table className="w-full border-collapse text-sm max-md:block" data-testid="campaign-table">
              <thead className="border-b text-muted-foreground max-md:hidden">
                <tr>
                  {canWrite ? (
                    <th scope="col" className="w-8 px-2 py-2">
                      <input
                        type="checkbox"
                        aria-label="Select all campaigns on this page"
                        checked={allChosen}
                        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(pageIds) : new Set())}
                        className="size-4 accent-primary"
                        data-testid="campaign-select-all"
                      />
                    </th>
                  ) : null}
                  <SortHeader column="name" label="Name" query={query} />
                  <SortHeader column="status" label="Status" query={query} />
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    Delivery
                  </th>
                  <SortHeader column="budget" label="Budget" query={query} />
                  <SortHeader column="spent" label="Spent" query={query} />
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Impressions
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Clicks
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    CTR
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Avg. cost
                  </th>
                  <SortHeader column="dates" label="Dates" query={query} />
                  <th scope="col" className="px-2 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:flex max-md:flex-col max-md:gap-3 md:divide-y">
                {list.items.map((c) => {
                  const spentShare =
                    c.budget.totalMicros > 0
                      ? Math.min(100, (c.stats.spentMicros / c.budget.totalMicros) * 100)
                      : 0;
                  return (
                    <tr
                      key={c.id}
                      className="max-md:relative max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-lg max-md:border max-md:p-3"
                      data-testid="campaign-row"
                    >
                      {canWrite ? (
                        <td className="px-2 py-2 align-top max-md:absolute max-md:top-3 max-md:right-12 max-md:p-0">
                          <input
                            type="checkbox"
                            aria-label={`Select ${c.name}`}
                            checked={selected.has(c.id)}
                            onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                            className="size-4 accent-primary"
                            data-testid="campaign-select"
                          />
                        </td>
                      ) : null}
                      <td className="px-2 py-2 align-top max-md:col-span-2 max-md:p-0 max-md:pr-20">
                        <AppLink
                          to={campaignsHref(query, { campaign: c.id })}
                          className="font-medium break-words hover:underline"
                          data-testid="campaign-name"
                        >
                          {c.name}
                        </AppLink>
                      </td>
                      <Cell label="Status">
                        <StatusSwitch campaign={c} canWrite={canWrite} onChanged={refresh} />
                      </Cell>
                      <Cell label="Delivery">
                        <span className="font-medium" data-testid="campaign-delivery">
                          {c.delivery.label}
                        </span>
                        {c.delivery.detail ? (
                          <span className="block text-muted-foreground text-xs">{c.delivery.detail}</span>
                        ) : null}
                      </Cell>
                      <Cell label="Budget" className="tabular-nums">
                        {budget(c, currency)}
                      </Cell>
                      <Cell label="Spent" className="tabular-nums">
                        {formatMicros(c.stats.spentMicros, currency)}
                        <span className="text-muted-foreground text-xs"> · {Math.round(spentShare)}%</span>
                        <span
                          aria-hidden="true"
                          className="mt-1 block h-1.5 w-20 overflow-hidden rounded-full bg-muted"
                        >
                          <span className="block h-full bg-primary" style={{ width: `${spentShare}%` }} />
                        </span>
                      </Cell>
                      <Cell label="Impressions" className="text-right tabular-nums max-md:text-left">
                        {c.stats.impressions.toLocaleString("en")}
                      </Cell>
                      <Cell label="Clicks" className="text-right tabular-nums max-md:text-left">
                        {c.stats.clicks.toLocaleString("en")}
                      </Cell>
                      <Cell label="CTR" className="text-right tabular-nums max-md:text-left">
                        {c.stats.impressions > 0
                          ? `${((c.stats.clicks / c.stats.impressions) * 100).toFixed(2)}%`
                          : "—"}
                      </Cell>
                      <Cell label="Avg. cost" className="text-right tabular-nums max-md:text-left">
                        {averageCost(c, currency)}
                      </Cell>
                      <Cell label="Dates" className="whitespace-nowrap">
                        {dates(c, account.timezone)}
                      </Cell>
                      <td className="px-2 py-2 text-right align-top max-md:absolute max-md:top-2 max-md:right-2 max-md:p-0">
                        <RowMenu
                          campaign={c}
                          query={query}
                          canWrite={canWrite}
                          onChanged={refresh}
                          onArchive={() => setConfirm({ kind: "archive", campaign: c })}
                          onDelete={() => setConfirm({ kind: "delete", campaign: c })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <PageSteps
            page={query.page}
            pages={Math.ceil(list.total / CAMPAIGN_PAGE_SIZE)}
            hrefForPage={(page) => campaignsHref({ ...query, page })}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="campaigns"
          />
        </>
      )}

      <ConfirmDialog
        open={confirm?.kind === "archive"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === "archive" ? `Archive ${confirm.campaign.name}?` : ""}
        description="It stops running for good and its reserved money returns to the wallet. Reports are kept."
        confirmLabel="Archive"
        onConfirm={async () => {
          if (confirm?.kind !== "archive") return;
          try {
            await adsApi.setCampaignStatus(confirm.campaign.id, "ARCHIVED");
            notify.success("Campaign archived");
            refresh();
          } catch (error) {
            failed(error, "The campaign was not archived. Try again.");
            throw error;
          }
        }}
        testId="campaign-archive-dialog"
      />
      <ConfirmDialog
        open={confirm?.kind === "bulk-archive"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={chosen.length === 1 ? "Archive 1 campaign?" : `Archive ${chosen.length} campaigns?`}
        description="They stop running for good and their reserved money returns to the wallet. Reports are kept."
        confirmLabel="Archive"
        onConfirm={() => bulk("ARCHIVE")}
        testId="campaign-bulk-archive-dialog"
      />
      <ConfirmDialog
        open={confirm?.kind === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === "delete" ? `Delete ${confirm.campaign.name}?` : ""}
        description="This draft is removed. This cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={async () => {
          if (confirm?.kind !== "delete") return;
          try {
            await adsApi.deleteCampaign(confirm.campaign.id);
            notify.success("Campaign deleted");
            refresh();
          } catch (error) {
            failed(error, "The campaign was not deleted. Try again.");
            throw error;
          }
        }}
        testId="campaign-delete-dialog"
      />
    </div>
  );
}
