import { ROLE_LABELS } from "@flipside/contracts/organization-constants";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { BadgeCheck, Building2, ExternalLink, Users } from "../../components/ui/icons.tsx";
import { pageTitle } from "../../lib/page-title.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import type { PublicOrganization } from "./organizations-client.ts";

/** The head of an organisation's public page: its name, description and one canonical address. */
export function organizationMeta(org: PublicOrganization, publicOrigin: string) {
  const canonical = `${publicOrigin.replace(/\/+$/, "")}/profiles/${org.id}`;
  const description = org.description.trim().replace(/\s+/g, " ").slice(0, 200) || `${org.name} on Flipside`;
  return [
    { title: pageTitle(org.name) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "profile" },
    { property: "og:title", content: org.name },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
  ];
}

/** `/profiles/{uuid}` of an organisation: shown like a person's (docs/organizations.md#public-page). */
/** An organisation's own website, as its members typed it: opened apart, and not vouched for. */
export function OrganizationWebsite({ href }: { href: string }) {
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow ugc"
      target="_blank"
      className="inline-flex items-center gap-1 self-start text-primary text-sm underline-offset-2 hover:underline"
    >
      {href}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

export function OrganizationProfile({ org }: { org: PublicOrganization }) {
  return (
    <div className="flex flex-col gap-8" data-testid="organization-profile">
      <header className="flex flex-wrap items-end gap-4">
        {org.imageUrl ? (
          <Avatar name={org.name} imageUrl={org.imageUrl} className="size-20 text-2xl sm:size-24" eager />
        ) : (
          <span className="flex size-20 items-center justify-center rounded-full bg-primary/10 text-primary sm:size-24">
            <Building2 className="size-10" aria-hidden="true" />
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{org.name}</h1>
          <p className="text-muted-foreground text-sm">
            {`Organisation · @${org.slug} · on Flipside since ${formatAbsolute(org.createdDate)} · ${org.memberCount} ${org.memberCount === 1 ? "member" : "members"}`}
          </p>
        </div>
      </header>
      {org.description ? <p className="max-w-2xl whitespace-pre-line">{org.description}</p> : null}
      {org.website ? <OrganizationWebsite href={org.website} /> : null}
      <section aria-labelledby="org-sites" className="flex flex-col gap-3">
        <h2 id="org-sites" className="font-semibold text-lg">
          Verified websites
        </h2>
        {org.websites.length === 0 ? (
          <p className="text-muted-foreground text-sm">No verified websites yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="organization-sites">
            {org.websites.map((w) => (
              <li key={w.domain}>
                <Badge variant="success">
                  <BadgeCheck aria-hidden="true" />
                  {w.unicodeDomain}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="org-members" className="flex flex-col gap-3">
        <h2 id="org-members" className="font-semibold text-lg">
          Members
        </h2>
        {org.members.length === 0 ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Users className="size-4" aria-hidden="true" />
            Its members chose not to be listed.
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="organization-members">
            {org.members.map((m) => (
              <li key={m.id}>
                <AppLink
                  to={`/users/${m.id}`}
                  className="flex items-center gap-3 rounded-lg border p-3 hover:bg-accent/50"
                >
                  <Avatar name={m.displayName} imageUrl={m.imageUrl} />
                  <span className="min-w-0 flex-1 truncate font-medium">{m.displayName}</span>
                  <span className="text-muted-foreground text-xs">{ROLE_LABELS[m.role]}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
