import type { SiteNotice } from "@flipside/contracts/discussion";
import type { VerificationMethod } from "@flipside/contracts/website-proof";
import type { SiteClaim, SiteClaimDetail } from "@flipside/contracts/websites";
import { type ApiClient, api } from "../../lib/api.ts";

export type { SiteClaim, SiteClaimDetail } from "@flipside/contracts/websites";

/** The person's websites (docs/websites.md); each call throws `ApiError`. */
export function createWebsitesClient(client: ApiClient = api) {
  return {
    list: () => client.get<SiteClaim[]>("/v1/site-verifications"),
    /** With `organizationId`: that organisation's claim of the site. */
    detail: (domain: string, organizationId?: string | null) =>
      client.get<SiteClaimDetail>(`/v1/site-verifications/${encodeURIComponent(domain)}`, {
        query: { organizationId: organizationId ?? undefined },
      }),
    /** With `organizationId`: claims it for that organisation. */
    claim: (address: string, organizationId?: string | null) =>
      client.post<SiteClaim>("/v1/site-verifications", {
        address,
        organizationId: organizationId ?? undefined,
      }),
    check: (id: string, method: VerificationMethod) =>
      client.post<SiteClaim>(`/v1/site-verifications/${id}/check`, { method }),
    remove: (id: string) => client.delete(`/v1/site-verifications/${id}`),
    /** The notice pinned on the site's pages (Business plan); "" removes it. */
    saveNotice: (domain: string, organizationId: string | null, body: string) =>
      client.put<{ notice: SiteNotice | null }>(
        `/v1/site-verifications/${encodeURIComponent(domain)}/notice`,
        { body },
        { query: { organizationId: organizationId ?? undefined } },
      ),
  };
}

export const websitesApi = createWebsitesClient();

/** A site's own page in the profile area, by its punycode domain (an organisation's claim names it). */
export const websitePath = (domain: string, organizationId?: string | null) =>
  `/profile/websites/${encodeURIComponent(domain)}${organizationId ? `?organization=${organizationId}` : ""}`;
