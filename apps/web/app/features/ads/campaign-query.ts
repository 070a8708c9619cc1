import type { AdCampaignStatus } from "@flipside/contracts/ads-constants";
import { escapeFilterValue } from "../../lib/search-and.ts";
import type { AccountListQuery } from "./ads-client.ts";

/** The campaigns list as its address says (ADS.md §1.2): every view can be linked and reloaded. */
export interface CampaignQuery {
  /** "" is "All but archived". */
  status: "" | AdCampaignStatus;
  q: string;
  /** A column key, "-" first for descending; "" is the default (latest changes first). */
  sort: string;
  /** 1-based. */
  page: number;
}

export const CAMPAIGN_PAGE_SIZE = 20;

export const STATUS_CHOICES: readonly (readonly ["" | AdCampaignStatus, string])[] = [
  ["", "All but archived"],
  ["ACTIVE", "Active"],
  ["PAUSED", "Paused"],
  ["DRAFT", "Draft"],
  ["ARCHIVED", "Archived"],
];

/** The sortable columns and what the API sorts them by (every column but CTR, ADS.md §1.2). */
export const SORT_COLUMNS = {
  name: "name",
  status: "status",
  budget: "totalMicros",
  spent: "spentMicros",
  dates: "startAt",
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;

const isSortColumn = (key: string): key is SortColumn => Object.hasOwn(SORT_COLUMNS, key);

export function campaignQuery(params: URLSearchParams): CampaignQuery {
  const status = STATUS_CHOICES.find(([value]) => value === params.get("status"))?.[0] ?? "";
  const sort = params.get("sort") ?? "";
  const page = Number(params.get("page"));
  return {
    status,
    q: (params.get("q") ?? "").trim().slice(0, 100),
    sort: isSortColumn(sort.replace(/^-/, "")) ? sort : "",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** What the API is asked for this view of one account's campaigns. */
export function campaignListQuery(adAccountId: string, query: CampaignQuery): AccountListQuery {
  const key = query.sort.replace(/^-/, "");
  const sort = isSortColumn(key)
    ? [`${SORT_COLUMNS[key]},${query.sort.startsWith("-") ? "desc" : "asc"}`, "id,desc"]
    : ["updatedAt,desc", "id,desc"];
  return {
    adAccountId,
    where: [
      query.status ? `status==${query.status}` : "status!=ARCHIVED",
      ...(query.q ? [`name||${escapeFilterValue(query.q)}`] : []),
    ],
    sort,
    page: query.page - 1,
    size: CAMPAIGN_PAGE_SIZE,
  };
}

/** The address of a view, keeping only what differs from the defaults. */
export function campaignsHref(query: CampaignQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.sort) params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `/ads/campaigns?${search}` : "/ads/campaigns";
}

/** The next sort when a column's header is chosen: ascending first, then descending. */
export function nextSort(current: string, column: SortColumn): string {
  return current === column ? `-${column}` : column;
}
