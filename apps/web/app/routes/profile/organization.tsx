import { ORGANIZATION_MESSAGES, ROLE_LABELS } from "@flipside/contracts/organization-constants";
import { data, redirect, useRevalidator, useSearchParams } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ArrowLeft, Globe, Plus } from "../../components/ui/icons.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { InvitationsPanel } from "../../features/organizations/invitations-panel.tsx";
import { MembersPanel } from "../../features/organizations/members-panel.tsx";
import { OrganizationWebsite } from "../../features/organizations/organization-profile.tsx";
import { createOrganizationsClient } from "../../features/organizations/organizations-client.ts";
import { DangerZone, SettingsPanel } from "../../features/organizations/settings-panel.tsx";
import { ClaimStatusBadge, countsLine } from "../../features/websites/claim-status.tsx";
import { RemoveWebsite } from "../../features/websites/remove-website.tsx";
import type { SiteClaim } from "../../features/websites/websites-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/organization";

const TABS = ["overview", "members", "invitations", "websites", "settings", "danger"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  overview: "Overview",
  members: "Members",
  invitations: "Invitations",
  websites: "Websites",
  settings: "Settings",
  danger: "Danger zone",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  redirectInAppMode(request);
  const client = createOrganizationsClient(serverApi(context));
  try {
    const org = await client.detail(params.id);
    const manager = org.role !== "MEMBER";
    const [members, invitations, websites] = await Promise.all([
      client.members(org.id),
      manager ? client.invitations(org.id) : Promise.resolve([]),
      client.websites(org.id),
    ]);
    return { org, members, invitations, websites };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    // Unknown or not a member: the same 404 either way.
    if (isApiError(error) && (error.status === 404 || error.status === 400))
      throw data(ORGANIZATION_MESSAGES.notFound, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return titleMeta(loaderData?.org.name ?? "Organisation", "Organisations", "Profile");
}

function WebsitesPanel({
  orgId,
  manager,
  websites,
  onChange,
}: {
  orgId: string;
  manager: boolean;
  websites: SiteClaim[];
  onChange(): void;
}) {
  const claim = manager ? (
    <Button asChild>
      <AppLink to={`/profile/websites/claim?organization=${orgId}`} data-testid="claim-organization-website">
        <Plus aria-hidden="true" />
        Claim a website
      </AppLink>
    </Button>
  ) : null;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="websites-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="websites-heading" className="font-semibold text-lg">
          Websites
        </h2>
        {websites.length > 0 ? claim : null}
      </div>
      <p className="text-muted-foreground text-sm">
        Once a site is verified for the organisation, every member's comments and reviews on its pages are its
        official responses. Owners and admins claim and verify sites.
      </p>
      {websites.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={Globe}
          title="No websites yet"
          description={
            manager
              ? "Claim a site the organisation runs and prove it with a DNS record, a meta tag or a file."
              : "Owners and admins can claim the sites the organisation runs."
          }
          action={claim}
        />
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="organization-websites">
          {websites.map((site) => (
            <li
              key={site.id}
              className="flex flex-wrap items-center gap-3 p-4"
              data-testid="organization-website"
              data-domain={site.domain}
            >
              <span className="flex min-w-0 flex-1 flex-col">
                {manager ? (
                  <AppLink
                    to={`/profile/websites/${encodeURIComponent(site.domain)}?organization=${orgId}`}
                    className="font-semibold hover:underline"
                  >
                    {site.unicodeDomain}
                  </AppLink>
                ) : (
                  <span className="font-semibold">{site.unicodeDomain}</span>
                )}
                <span className="text-muted-foreground text-sm">{countsLine(site)}</span>
              </span>
              <ClaimStatusBadge claim={site} />
              {manager ? <RemoveWebsite claim={site} onRemoved={onChange} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One organisation: overview, members, invitations, websites, settings and the danger zone. */
export default function Organization({ loaderData }: Route.ComponentProps) {
  const { org, members, invitations, websites } = loaderData;
  const { revalidate } = useRevalidator();
  const user = useShellUser();
  const [params, setParams] = useSearchParams();
  const manager = org.role !== "MEMBER";
  const tabs = TABS.filter((t) => t !== "invitations" || manager);
  const asked = params.get("tab") as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : "overview";
  const refresh = () => void revalidate();
  const viewerId = user?.id ?? "";

  return (
    <div className="flex flex-col gap-6" data-testid="organization-page" data-role={org.role}>
      <AppLink
        to="/profile/organizations"
        className="inline-flex items-center gap-1 self-start text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Organisations
      </AppLink>
      <div className="flex items-start gap-4">
        <Avatar name={org.name} imageUrl={org.imageUrl} className="size-14 text-lg" eager />
        <PageHeading
          title={org.name}
          description={`@${org.slug}`}
          actions={
            <Badge
              variant={manager ? "default" : "secondary"}
              data-testid="my-role"
            >{`You: ${ROLE_LABELS[org.role]}`}</Badge>
          }
        />
      </div>

      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(
            (p) => {
              const q = new URLSearchParams(p);
              if (next === "overview") q.delete("tab");
              else q.set("tab", next);
              return q;
            },
            { replace: true, preventScrollReset: true },
          )
        }
        className="gap-6"
      >
        <TabsList className="max-w-full justify-start overflow-x-auto">
          {tabs.map((t) => (
            <TabsTrigger key={t} value={t} size="fit" data-testid={`tab-${t}`}>
              {TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <section className="flex flex-col gap-4" data-testid="organization-overview">
            {org.description ? <p className="whitespace-pre-line">{org.description}</p> : null}
            {org.website ? <OrganizationWebsite href={org.website} /> : null}
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {(
                [
                  ["Members", org.counts.members],
                  ["Shared notes", org.counts.notes],
                  ["Verified websites", org.counts.verifiedWebsites],
                  ["Waiting invitations", org.counts.pendingInvitations],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="rounded-lg border p-3">
                  <dt className="text-muted-foreground text-xs">{label}</dt>
                  <dd className="font-semibold text-xl tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="text-muted-foreground text-sm">
              {
                "Notes you write with the visibility “Organisation” and this organisation chosen are read by its members, and by no one else. "
              }
              <AppLink to={`/profiles/${org.id}`} className="text-primary underline underline-offset-2">
                See its public page
              </AppLink>
            </p>
          </section>
        </TabsContent>
        <TabsContent value="members">
          <MembersPanel org={org} members={members} viewerId={viewerId} onChange={refresh} />
        </TabsContent>
        {manager ? (
          <TabsContent value="invitations">
            <InvitationsPanel org={org} invitations={invitations} onChange={refresh} />
          </TabsContent>
        ) : null}
        <TabsContent value="websites">
          <WebsitesPanel orgId={org.id} manager={manager} websites={websites} onChange={refresh} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsPanel
            key={`${org.name}|${org.slug}|${org.description}|${org.website}`}
            org={org}
            onChange={refresh}
          />
        </TabsContent>
        <TabsContent value="danger">
          <DangerZone org={org} members={members} viewerId={viewerId} onChange={refresh} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
