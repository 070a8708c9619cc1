import { ROLE_LABELS } from "@flipside/contracts/organization-constants";
import { redirect } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Building2 } from "../../components/ui/icons.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { CreateOrganization } from "../../features/organizations/create-organization.tsx";
import { InvitationsForMe } from "../../features/organizations/invitations-for-me.tsx";
import {
  createOrganizationsClient,
  organizationPath,
} from "../../features/organizations/organizations-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/organizations";

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectInAppMode(request);
  try {
    const client = createOrganizationsClient(serverApi(context));
    const [organizations, invitations] = await Promise.all([client.mine(), client.forMe()]);
    return { organizations, invitations };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    throw error;
  }
}

export const meta = () => titleMeta("Organisations", "Profile");

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The organisations the person belongs to, with their role; "New organisation" makes one. */
export default function Organizations({ loaderData }: Route.ComponentProps) {
  const { organizations, invitations } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Organisations"
        description="Teams you belong to: share notes with their members and answer officially on the sites they own."
        actions={organizations.length > 0 ? <CreateOrganization /> : null}
      />
      <InvitationsForMe initial={invitations} />
      {organizations.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No organisations yet"
          description="Create one for your newsroom, support team or research group, then invite its members by mail. Invitations you receive show here and arrive by mail."
          action={<CreateOrganization label="Create an organisation" />}
        />
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="organizations-list">
          {organizations.map((org) => (
            <li key={org.id} data-testid="organization" data-slug={org.slug}>
              <AppLink
                to={organizationPath(org.id)}
                className="flex items-center gap-3 p-4 hover:bg-accent/50 focus-visible:bg-accent/50"
              >
                <Avatar name={org.name} imageUrl={org.imageUrl} className="size-10 text-sm" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold">{org.name}</span>
                  <span className="truncate text-muted-foreground text-sm">
                    {`@${org.slug} · ${count(org.memberCount, "member", "members")}`}
                  </span>
                </span>
                <Badge
                  variant={org.role === "MEMBER" ? "secondary" : "default"}
                  data-testid="organization-role"
                >
                  {ROLE_LABELS[org.role]}
                </Badge>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
