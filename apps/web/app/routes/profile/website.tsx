import { PLAN_NAMES, planAllows } from "@flipside/contracts/billing-constants";
import { VERIFICATION_METHOD_LABELS, WEBSITE_MESSAGES } from "@flipside/contracts/website-proof";
import { useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ArrowLeft, Download } from "../../components/ui/icons.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { checkoutPath } from "../../features/billing/billing-client.ts";
import { CheckSummary, ClaimStatusBadge, countsLine } from "../../features/websites/claim-status.tsx";
import { NoticeEditor } from "../../features/websites/notice-editor.tsx";
import { RecentActivity, SentimentOverTime, TopPages } from "../../features/websites/site-insights.tsx";
import { VerifyPanel } from "../../features/websites/verify-panel.tsx";
import { createWebsitesClient, type SiteClaimDetail } from "../../features/websites/websites-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { buildApiUrl, isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { Route } from "./+types/website";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  redirectInAppMode(request);
  try {
    const asked = new URL(request.url).searchParams.get("organization");
    const organizationId = isUuid(asked) ? asked : null;
    return { site: await createWebsitesClient(serverApi(context)).detail(params.domain, organizationId) };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    // Unknown or not yours: the same 404 page either way (docs/websites.md).
    if (isApiError(error) && error.status === 404) throw data(WEBSITE_MESSAGES.notYours, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  return titleMeta(loaderData?.site.unicodeDomain ?? params.domain, "Websites", "Profile");
}

/** One of the person's sites: its state, the proof while it is not verified, and what is said on it. */
export default function Website({ loaderData }: Route.ComponentProps) {
  const [site, setSite] = useState<SiteClaimDetail>(loaderData.site);
  useEffect(() => setSite(loaderData.site), [loaderData.site]);
  const verified = site.status === "VERIFIED" && !site.verifiedByAnother;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <AppLink
          to={
            site.organizationId
              ? `/profile/organizations/${site.organizationId}?tab=websites`
              : "/profile/websites"
          }
          className="inline-flex items-center gap-1 self-start text-muted-foreground text-sm hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {site.organizationId ? "The organisation's websites" : "Websites"}
        </AppLink>
        <PageHeading
          title={site.unicodeDomain}
          description={countsLine(site)}
          actions={<ClaimStatusBadge claim={site} />}
        />
        {verified ? (
          <p className="text-sm" data-testid="verified-note">
            {`Verified${site.method ? ` by ${VERIFICATION_METHOD_LABELS[site.method]}` : ""}. ${site.organizationId ? "The organisation's members' comments and replies" : "Your comments and replies"} on its pages are official responses, shown first; you can answer as yourself from the composer. Keep the proof in place: Flipside checks it every day.`}
          </p>
        ) : null}
        <CheckSummary claim={site} />
        {verified ? <SitePlan site={site} /> : null}
      </div>

      {site.verifiedByAnother ? (
        <p className="rounded-lg border p-4 text-sm" data-testid="verified-by-another">
          {WEBSITE_MESSAGES.verifiedByAnother} Only one person speaks for a site; your claim waits here and
          can be verified if they let it go.
        </p>
      ) : verified && !site.failingSince ? null : (
        <VerifyPanel claim={site} onChange={(claim) => setSite((s) => ({ ...s, ...claim }))} />
      )}

      {verified && planAllows(site.plan, "siteNotice") ? (
        <NoticeEditor domain={site.domain} organizationId={site.organizationId} notice={site.notice} />
      ) : null}

      <TopPages site={site} />
      <RecentActivity site={site} />
      <SentimentOverTime site={site} />
    </div>
  );
}

/** The site's plan (docs/money.md#plans), and the way to a bigger one or to Billing. */
function SitePlan({ site }: { site: SiteClaimDetail }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3 text-sm"
      data-testid="website-plan"
    >
      <Badge variant={site.plan === "FREE" ? "outline" : "success"}>{PLAN_NAMES[site.plan]}</Badge>
      <span className="flex-1">
        {site.plan === "FREE"
          ? "On the Free plan. Pro adds the export of the site's discussion as CSV; Business adds a notice from you pinned on every page."
          : `On the ${PLAN_NAMES[site.plan]} plan, renewed monthly from the wallet.`}
      </span>
      <div className="flex flex-wrap gap-2">
        {planAllows(site.plan, "discussionExport") ? (
          <Button asChild size="sm" variant="outline">
            <a
              href={buildApiUrl(`/v1/site-verifications/${encodeURIComponent(site.domain)}/discussion.csv`, {
                organizationId: site.organizationId ?? undefined,
              })}
              download
              data-testid="website-export"
            >
              <Download aria-hidden="true" />
              Export the discussion (CSV)
            </a>
          </Button>
        ) : null}
        {site.plan === "BUSINESS" ? null : (
          <Button asChild size="sm">
            <AppLink to={checkoutPath(site.domain, "BUSINESS")}>Upgrade to Business</AppLink>
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          {site.plan === "FREE" ? (
            <AppLink to={`/plans?site=${encodeURIComponent(site.domain)}`}>Compare plans</AppLink>
          ) : (
            <AppLink to="/profile/billing">Manage in Billing</AppLink>
          )}
        </Button>
      </div>
    </div>
  );
}
