import { PLAN_NAMES } from "@flipside/contracts/billing-constants";
import { VERIFICATION_METHOD_LABELS } from "@flipside/contracts/website-proof";
import { useState } from "react";
import { redirect, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Globe, Plus, RefreshCw } from "../../components/ui/icons.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { CheckSummary, ClaimStatusBadge, countsLine } from "../../features/websites/claim-status.tsx";
import { RemoveWebsite } from "../../features/websites/remove-website.tsx";
import {
  createWebsitesClient,
  type SiteClaim,
  websitePath,
  websitesApi,
} from "../../features/websites/websites-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { notify } from "../../lib/toast.ts";
import type { Route } from "./+types/websites";

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectInAppMode(request);
  try {
    return { claims: await createWebsitesClient(serverApi(context)).list() };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    throw error;
  }
}

export const meta = () => titleMeta("Websites", "Profile");

function WebsiteRow({ claim, onRemoved }: { claim: SiteClaim; onRemoved(): void }) {
  const { revalidate } = useRevalidator();
  const [checking, setChecking] = useState(false);
  const canCheck = !claim.verifiedByAnother;

  async function recheck() {
    setChecking(true);
    try {
      const checked = await websitesApi.check(claim.id, claim.method ?? "DNS_TXT");
      if (checked.status === "VERIFIED" && !checked.failingSince)
        notify.success(`${claim.unicodeDomain} is verified`);
      else notify.error(`${claim.unicodeDomain}: ${checked.lastCheck?.message ?? "not verified"}`);
      await revalidate();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The check did not run. Try again.");
    } finally {
      setChecking(false);
    }
  }

  return (
    <li className="flex flex-col gap-3 p-4" data-testid="website" data-domain={claim.domain}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <AppLink
          to={websitePath(claim.domain)}
          className="font-semibold text-base underline-offset-2 hover:underline"
          data-testid="website-link"
        >
          {claim.unicodeDomain}
        </AppLink>
        <ClaimStatusBadge claim={claim} />
        {claim.plan !== "FREE" ? (
          <Badge variant="secondary" data-testid="website-plan-badge">
            {PLAN_NAMES[claim.plan]}
          </Badge>
        ) : null}
        {claim.method ? (
          <span className="text-muted-foreground text-xs">{VERIFICATION_METHOD_LABELS[claim.method]}</span>
        ) : null}
      </div>
      <p className="text-muted-foreground text-sm" data-testid="website-counts">
        {countsLine(claim)}
      </p>
      <CheckSummary claim={claim} />
      <div className="flex flex-wrap gap-2">
        {claim.status === "VERIFIED" || !canCheck ? null : (
          <Button asChild size="sm">
            <AppLink to={websitePath(claim.domain)}>Verify</AppLink>
          </Button>
        )}
        {canCheck && claim.lastCheck ? (
          <Button variant="outline" size="sm" loading={checking} onClick={recheck} data-testid="recheck">
            <RefreshCw aria-hidden="true" />
            Re-check now
          </Button>
        ) : null}
        <RemoveWebsite claim={claim} onRemoved={onRemoved} />
      </div>
    </li>
  );
}

export default function Websites({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { claims } = loaderData;
  const claimButton = (
    <Button asChild>
      <AppLink to="/profile/websites/claim" data-testid="claim-website">
        <Plus aria-hidden="true" />
        Claim a website
      </AppLink>
    </Button>
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Websites"
        description="Sites you own: verify one and your comments on its pages are official responses, shown first."
        actions={claims.length > 0 ? claimButton : null}
      />
      {claims.length === 0 ? (
        <EmptyState
          icon={Globe}
          title="No websites yet"
          description="Claim a site you run, prove it with a DNS record, a meta tag or a file, and answer what people say about its pages with an official voice."
          action={claimButton}
        />
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="websites-list">
          {claims.map((claim) => (
            <WebsiteRow key={claim.id} claim={claim} onRemoved={() => void revalidate()} />
          ))}
        </ul>
      )}
    </div>
  );
}
