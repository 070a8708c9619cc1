import { WEBSITE_MESSAGES } from "@flipside/contracts/website-proof";
import { type FormEvent, useState } from "react";
import { redirect } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Globe } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { createOrganizationsClient } from "../../features/organizations/organizations-client.ts";
import { ClaimStatusBadge } from "../../features/websites/claim-status.tsx";
import { VerifyPanel } from "../../features/websites/verify-panel.tsx";
import { type SiteClaim, websitePath, websitesApi } from "../../features/websites/websites-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { Route } from "./+types/website-claim";

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectInAppMode(request);
  const url = new URL(request.url);
  try {
    await serverApi(context).get("/account");
  } catch (error) {
    // Claiming needs an account: log in (or sign up) and come back with the address kept.
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(url));
    throw error;
  }
  // From an organisation's websites tab: the claim is the organisation's (the server checks the role).
  const organizationId = url.searchParams.get("organization");
  let organization: { id: string; name: string } | null = null;
  if (isUuid(organizationId)) {
    try {
      const org = await createOrganizationsClient(serverApi(context)).detail(organizationId);
      organization = { id: org.id, name: org.name };
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
    }
  }
  return { address: url.searchParams.get("address")?.slice(0, 2048) ?? "", organization };
}

export const meta = () => titleMeta("Claim a website", "Profile");

/**
 * Claiming a site: an address in, the site (eTLD+1) it belongs to out, then the three ways to
 * prove control and "Verify now" (docs/websites.md).
 */
export default function ClaimWebsite({ loaderData }: Route.ComponentProps) {
  const { organization } = loaderData;
  const [address, setAddress] = useState(loaderData.address);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [claim, setClaim] = useState<SiteClaim | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!address.trim()) {
      setError(WEBSITE_MESSAGES.addressRequired);
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      setClaim(await websitesApi.claim(address.trim(), organization?.id));
    } catch (err) {
      setError(
        isApiError(err)
          ? (err.fieldErrors.address ?? err.message)
          : "The site could not be claimed. Try again.",
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title={organization ? `Claim a website for ${organization.name}` : "Claim a website"}
        description={
          organization
            ? "Prove that the organisation runs a site: once verified, its members' comments on its pages show as official responses, first in every discussion."
            : "Prove that a site is yours and your comments on its pages show as official responses, first in every discussion. You cannot edit or remove what others wrote."
        }
      />
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        data-testid="claim-form"
      >
        <Field
          className="flex-1"
          label="Domain or address"
          error={error}
          hint="Any address on the site works: Flipside claims its registrable domain (blog.example.co.uk claims example.co.uk)."
          control={(props) => (
            <Input
              {...props}
              name="address"
              inputMode="url"
              autoComplete="url"
              placeholder="example.com"
              value={address}
              onChange={(event) => {
                setAddress(event.target.value);
                if (error) setError(undefined);
              }}
              data-testid="claim-address"
            />
          )}
        />
        <Button type="submit" loading={sending} className="sm:mt-7" data-testid="claim-submit">
          <Globe aria-hidden="true" />
          Claim
        </Button>
      </form>

      {claim ? (
        <div className="flex flex-col gap-4" data-testid="claimed-site">
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-medium">
              {"You are claiming "}
              <AppLink
                to={websitePath(claim.domain, claim.organizationId)}
                className="text-primary underline underline-offset-2"
              >
                {claim.unicodeDomain}
              </AppLink>
            </p>
            <ClaimStatusBadge claim={claim} />
          </div>
          {claim.verifiedByAnother ? (
            <p className="text-sm" data-testid="verified-by-another">
              {WEBSITE_MESSAGES.verifiedByAnother} One owner speaks for a site. To answer for it too, ask its
              owner to claim it for an organisation and invite you; meanwhile your claim waits here and can be
              verified if they let it go.
            </p>
          ) : claim.status === "VERIFIED" ? (
            <p className="text-sm">
              {`${claim.unicodeDomain} is verified: your comments on its pages are official responses. `}
              <AppLink
                to={websitePath(claim.domain, claim.organizationId)}
                className="text-primary underline underline-offset-2"
              >
                See what is said about it
              </AppLink>
            </p>
          ) : (
            <VerifyPanel key={claim.id} claim={claim} onChange={setClaim} />
          )}
        </div>
      ) : null}
    </div>
  );
}
