import type {
  AdAccount,
  AdAccountOwnerChoice,
  AdAudience,
  AdBidChange,
  AdBidding,
  AdBilling,
  AdCampaign,
  AdConversionSettings,
  AdCreative,
  AdCreativeImage,
  AdCreativeImageUpload,
  AdCredit,
  AdFilter,
  AdFilterRule,
  AdFilterSummary,
  AdFilterTestResult,
  AdForecast,
  AdForecastRequest,
  AdGeoFence,
  AdInvalidTrafficRow,
  AdminAdAccount,
  AdminAdCreative,
  AdPlan,
  AdReport,
  AdReportGroup,
  AdSpendLine,
  AdStatement,
  AdSummary,
  AdSummaryPeriod,
  CreateAdAccount,
  CreateAdAudience,
  CreateAdCampaign,
  CreateAdCreative,
  CreateAdFilter,
  CreateAdGeoFence,
  CreateAdPlan,
  UpdateAdAudience,
  UpdateAdBidding,
  UpdateAdCampaign,
  UpdateAdCreative,
  UpdateAdFilter,
  UpdateAdGeoFence,
} from "@flipside/contracts/ads";
import type { Wallet } from "@flipside/contracts/money";
import { IDEMPOTENCY_HEADER } from "@flipside/contracts/money-constants";
import { type ApiClient, api, buildApiUrl, type ListPage } from "../../lib/api.ts";
import { escapeFilterValue } from "../../lib/search-and.ts";

export type {
  AdAccount,
  AdAccountOwnerChoice,
  AdAudience,
  AdBidChange,
  AdBidding,
  AdBilling,
  AdCampaign,
  AdConversionSettings,
  AdCreative,
  AdCreativeImage,
  AdFilter,
  AdFilterRule,
  AdFilterSummary,
  AdForecast,
  AdForecastRequest,
  AdGeoFence,
  AdInvalidTrafficRow,
  AdminAdAccount,
  AdminAdCreative,
  AdPlan,
  AdReport,
  AdReportMetrics,
  AdReportRow,
  AdSpendLine,
  AdStatement,
  AdSummary,
} from "@flipside/contracts/ads";

/** A list of one advertiser account's objects: `searchAnd` always names the account (ADS.md §2.3). */
export interface AccountListQuery {
  adAccountId: string;
  /** More `searchAnd` conditions, e.g. `status==ACTIVE`. */
  where?: string[];
  sort?: string[];
  page?: number;
  size?: number;
}

/** A report of one account (ADS.md §2.3 Reports): days of its zone, a breakdown, some campaigns or all. */
export interface ReportQuery {
  adAccountId: string;
  from: string;
  to: string;
  groupBy: AdReportGroup;
  campaignIds: readonly string[];
}
const reportParams = (q: ReportQuery) => ({
  adAccountId: q.adAccountId,
  from: q.from,
  to: q.to,
  groupBy: q.groupBy,
  campaignId: [...q.campaignIds],
});

const listQuery = (q: AccountListQuery) => ({
  searchAnd: [`adAccountId==${q.adAccountId}`, ...(q.where ?? [])].join(","),
  sort: q.sort,
  page: q.page ?? 0,
  size: q.size ?? 20,
});

/** Flipside Ads (docs/ads.md); each call throws `ApiError`. */
export function createAdsClient(client: ApiClient = api) {
  return {
    accounts: () => client.get<AdAccount[]>("/v1/ad-accounts"),
    ownerChoices: () => client.get<AdAccountOwnerChoice[]>("/v1/ad-accounts/available-owners"),
    createAccount: (input: CreateAdAccount) => client.post<AdAccount>("/v1/ad-accounts", input),
    /** Remembers the account the screens show (a cookie the server sets). */
    chooseAccount: (adAccountId: string) => client.put("/v1/ad-accounts/current", { adAccountId }),
    /** The wallet that pays an account: its owner's (an organisation's for theirs). */
    walletOf: (account: AdAccount) =>
      client.get<Wallet>("/v1/wallet", {
        query: { organizationId: account.ownerKind === "ORGANIZATION" ? account.ownerId : undefined },
      }),

    campaigns: (q: AccountListQuery): Promise<ListPage<AdCampaign>> =>
      client.list("/v1/ad-campaigns", listQuery(q)),
    campaign: (id: string) => client.get<AdCampaign>(`/v1/ad-campaigns/${id}`),
    createCampaign: (input: CreateAdCampaign) => client.post<AdCampaign>("/v1/ad-campaigns", input),
    updateCampaign: (id: string, input: UpdateAdCampaign) =>
      client.put<AdCampaign>(`/v1/ad-campaigns/${id}`, input),
    setCampaignStatus: (id: string, status: "ACTIVE" | "PAUSED" | "ARCHIVED") =>
      client.post<AdCampaign>(`/v1/ad-campaigns/${id}/status`, { status }),
    bulkCampaigns: (adAccountId: string, ids: string[], action: "PAUSE" | "RESUME" | "ARCHIVE") =>
      client.post<{ updated: string[] }>("/v1/ad-campaigns/bulk", { adAccountId, ids, action }),
    duplicateCampaign: (id: string) => client.post<AdCampaign>(`/v1/ad-campaigns/${id}/duplicate`, {}),
    deleteCampaign: (id: string) => client.delete(`/v1/ad-campaigns/${id}`),

    creatives: (q: AccountListQuery): Promise<ListPage<AdCreative>> =>
      client.list("/v1/ad-creatives", listQuery(q)),
    createCreative: (input: CreateAdCreative) => client.post<AdCreative>("/v1/ad-creatives", input),
    updateCreative: (id: string, input: UpdateAdCreative) =>
      client.put<AdCreative>(`/v1/ad-creatives/${id}`, input),
    archiveCreative: (id: string) => client.post<AdCreative>(`/v1/ad-creatives/${id}/archive`, {}),
    unarchiveCreative: (id: string) => client.delete<AdCreative>(`/v1/ad-creatives/${id}/archive`),
    reserveImage: (adAccountId: string, file: File) =>
      client.post<AdCreativeImageUpload>("/v1/ad-creative-images", {
        adAccountId,
        contentType: file.type,
        size: file.size,
      }),
    uploadImage: (uploadUrl: string, file: File) => {
      const form = new FormData();
      form.append("file", file);
      // The upload address is a path of this server's API, with its one-time token.
      return client.post<AdCreativeImage>(uploadUrl, form);
    },

    filters: (q: AccountListQuery): Promise<ListPage<AdFilterSummary>> =>
      client.list("/v1/ad-filters", listQuery(q)),
    filter: (id: string) => client.get<AdFilter>(`/v1/ad-filters/${id}`),
    createFilter: (input: CreateAdFilter) => client.post<AdFilter>("/v1/ad-filters", input),
    updateFilter: (id: string, input: UpdateAdFilter) => client.put<AdFilter>(`/v1/ad-filters/${id}`, input),
    deleteFilter: (id: string) => client.delete(`/v1/ad-filters/${id}`),
    testFilter: (id: string, url: string) =>
      client.post<AdFilterTestResult>(`/v1/ad-filters/${id}/test`, { url }),
    checkRules: (rules: AdFilterRule[]) =>
      client.post<{ rules: AdFilterRule[] }>("/v1/ad-filter-rules/check", { rules }),

    geoFences: (q: AccountListQuery): Promise<ListPage<AdGeoFence>> =>
      client.list("/v1/ad-geo-fences", listQuery(q)),
    createGeoFence: (input: CreateAdGeoFence) => client.post<AdGeoFence>("/v1/ad-geo-fences", input),
    updateGeoFence: (id: string, input: UpdateAdGeoFence) =>
      client.put<AdGeoFence>(`/v1/ad-geo-fences/${id}`, input),
    deleteGeoFence: (id: string) => client.delete(`/v1/ad-geo-fences/${id}`),

    audiences: (q: AccountListQuery): Promise<ListPage<AdAudience>> =>
      client.list("/v1/ad-audiences", listQuery(q)),
    createAudience: (input: CreateAdAudience) => client.post<AdAudience>("/v1/ad-audiences", input),
    updateAudience: (id: string, input: UpdateAdAudience) =>
      client.put<AdAudience>(`/v1/ad-audiences/${id}`, input),
    deleteAudience: (id: string) => client.delete(`/v1/ad-audiences/${id}`),

    summary: (adAccountId: string, period: AdSummaryPeriod) =>
      client.get<AdSummary>(`/v1/ad-accounts/${adAccountId}/summary`, { query: { period } }),
    billing: (adAccountId: string) => client.get<AdBilling>(`/v1/ad-accounts/${adAccountId}/billing`),
    spend: (q: AccountListQuery): Promise<ListPage<AdSpendLine>> => client.list("/v1/ad-spend", listQuery(q)),
    statements: (q: AccountListQuery): Promise<ListPage<AdStatement>> =>
      client.list("/v1/ad-statements", listQuery(q)),

    report: (q: ReportQuery) => client.get<AdReport>("/v1/ad-reports", { query: reportParams(q) }),
    bidding: (campaignId: string) => client.get<AdBidding>(`/v1/ad-campaigns/${campaignId}/bidding`),
    setBidding: (campaignId: string, input: UpdateAdBidding) =>
      client.put<AdBidding>(`/v1/ad-campaigns/${campaignId}/bidding`, input),
    bidChanges: (campaignId: string) =>
      client.get<AdBidChange[]>(`/v1/ad-campaigns/${campaignId}/bidding/changes`),
    undoBidChange: (campaignId: string, changeId: string) =>
      client.post<AdBidding>(`/v1/ad-campaigns/${campaignId}/bidding/changes/${changeId}/undo`, {}),
    conversionSettings: (adAccountId: string) =>
      client.get<AdConversionSettings>(`/v1/ad-accounts/${adAccountId}/conversion-settings`),
    setConversionWindow: (adAccountId: string, windowDays: number) =>
      client.put<AdConversionSettings>(`/v1/ad-accounts/${adAccountId}/conversion-settings`, { windowDays }),
    replaceConversionSecret: (adAccountId: string) =>
      client.post<AdConversionSettings>(`/v1/ad-accounts/${adAccountId}/conversion-settings/secret`, {}),
    forecast: (input: AdForecastRequest) => client.post<AdForecast>("/v1/ad-forecasts", input),
    plans: (adAccountId: string) => client.get<AdPlan[]>("/v1/ad-plans", { query: { adAccountId } }),
    savePlan: (input: CreateAdPlan) => client.post<AdPlan>("/v1/ad-plans", input),
    deletePlan: (id: string) => client.delete(`/v1/ad-plans/${id}`),
    campaignFromPlan: (id: string) => client.post<AdCampaign>(`/v1/ad-plans/${id}/campaign`, {}),

    reviewQueue: (page = 0): Promise<ListPage<AdminAdCreative>> =>
      client.list("/v1/admin/ad-creatives", {
        searchAnd: "reviewStatus==PENDING_REVIEW,archived==false",
        sort: ["submittedAt,asc"],
        page,
        size: 20,
      }),
    advertisers: (q: { search: string; page: number; size: number }): Promise<ListPage<AdminAdAccount>> =>
      client.list("/v1/admin/ad-accounts", {
        searchAnd: q.search ? `name||${escapeFilterValue(q.search)}` : undefined,
        page: q.page,
        size: q.size,
      }),
    suspend: (id: string, reason: string) =>
      client.post(`/v1/admin/ad-accounts/${id}/suspension`, { reason }),
    reinstate: (id: string) => client.delete(`/v1/admin/ad-accounts/${id}/suspension`),
    /** `key`: one per intended credit, so a retry cannot credit twice. */
    adCredit: (id: string, body: { amountMinor: number; reason: string }, key: string) =>
      client.post<AdCredit>(`/v1/admin/ad-accounts/${id}/credits`, body, {
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
    invalidTraffic: (from: string, to: string) =>
      client.get<AdInvalidTrafficRow[]>("/v1/admin/ad-invalid-traffic", { query: { from, to } }),
    review: (
      id: string,
      decision: { decision: "APPROVE" } | { decision: "REJECT"; reason: string; note?: string },
      version: number,
    ) => client.post<AdminAdCreative>(`/v1/admin/ad-creatives/${id}/review`, { ...decision, version }),
  };
}

export const adsApi = createAdsClient();

/** The CSV of the spend lines a list shows (a download, not a fetch). */
export const spendCsvHref = (q: AccountListQuery) =>
  buildApiUrl("/v1/ad-spend", { searchAnd: listQuery(q).searchAnd, format: "csv" });
/** The CSV of the report a table shows. */
export const reportCsvHref = (q: ReportQuery) =>
  buildApiUrl("/v1/ad-reports", { ...reportParams(q), format: "csv" });
export const statementPdfHref = (id: string) => buildApiUrl(`/v1/ad-statements/${id}/pdf`);
export type AdsClient = ReturnType<typeof createAdsClient>;
