import type { PaidPlanId, PlanId } from "@flipside/contracts/billing-constants";
import { useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { checkoutPath, createBillingClient } from "../../features/billing/billing-client.ts";
import { changeLabel, PlanCards } from "../../features/billing/plan-cards.tsx";
import { createWebsitesClient, type SiteClaim } from "../../features/websites/websites-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/plans";

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [plans, sites] = await Promise.all([
    createBillingClient(api).plans(),
    // The sites a signed-in person can buy a plan for: those their claim verified.
    createWebsitesClient(api)
      .list()
      .then((claims) => claims.filter((c) => c.status === "VERIFIED" && !c.verifiedByAnother))
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 401) return [];
        throw error;
      }),
  ]);
  const asked = new URL(request.url).searchParams.get("site");
  return { plans, sites, asked };
}

export const meta = () => titleMeta("Plans");

/** docs/money.md#plans: what each plan gives, and the way to buy one for a site. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { plans, sites, asked } = loaderData;
  const user = useShellUser();
  const [domain, setDomain] = useState(
    sites.find((s) => s.domain === asked)?.domain ?? sites[0]?.domain ?? null,
  );
  const site = sites.find((s) => s.domain === domain) ?? null;
  const currency = plans[0]?.currency;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8" data-testid="plans-page">
      <PageHeading
        title="Plans"
        description="Reading and discussing pages is free for everyone. For the websites you own, choose a plan per site, billed monthly from your wallet; cancel at any time."
      />
      {site ? <SitePicker sites={sites} value={site.domain} onChange={setDomain} /> : null}
      <PlanCards
        plans={plans}
        current={site?.plan ?? null}
        action={(plan, current) => (
          <PlanAction
            plan={plan.id}
            name={plan.name}
            site={site}
            current={current}
            signedIn={user !== null}
          />
        )}
      />
      <p className="text-muted-foreground text-sm">
        {`Prices in ${currency ?? "EUR"} before tax; VAT is added by the country of your billing address. An upgrade is charged at once for the rest of the month; a smaller plan starts when the paid month ends. Plans are paid from the wallet of the site's owner — you, or your organisation.`}
      </p>
    </div>
  );
}

function SitePicker({
  sites,
  value,
  onChange,
}: {
  sites: SiteClaim[];
  value: string;
  onChange(domain: string): void;
}) {
  return (
    <label className="flex max-w-sm flex-col gap-1 text-sm">
      <span className="font-medium">For the website</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputVariants(), "pr-8")}
        data-testid="plans-site"
      >
        {sites.map((s) => (
          <option key={s.id} value={s.domain}>
            {s.unicodeDomain}
          </option>
        ))}
      </select>
    </label>
  );
}

function PlanAction({
  plan,
  name,
  site,
  current,
  signedIn,
}: {
  plan: PlanId;
  name: string;
  site: SiteClaim | null;
  current: PlanId | null;
  signedIn: boolean;
}) {
  if (!signedIn) {
    return plan === "FREE" ? (
      <Button asChild variant="outline">
        <AppLink to="/signup">Sign up free</AppLink>
      </Button>
    ) : (
      <Button asChild variant={plan === "BUSINESS" ? "default" : "outline"}>
        <AppLink to="/login?next=%2Fplans">{`Log in to choose ${name}`}</AppLink>
      </Button>
    );
  }
  if (!site) {
    return (
      <Button asChild variant="outline">
        <AppLink to="/profile/websites/claim">Verify a website</AppLink>
      </Button>
    );
  }
  if (plan === current) {
    return <p className="text-muted-foreground text-sm">{`${site.unicodeDomain} is on ${name}.`}</p>;
  }
  if (plan === "FREE") {
    return (
      <Button asChild variant="outline">
        <AppLink to="/profile/billing">Cancel the plan in Billing</AppLink>
      </Button>
    );
  }
  const paid: PaidPlanId = plan;
  return (
    <Button asChild variant={plan === "BUSINESS" ? "default" : "outline"}>
      <AppLink to={checkoutPath(site.domain, paid)}>{changeLabel(paid, name, current)}</AppLink>
    </Button>
  );
}
