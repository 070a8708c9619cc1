import type { ProfileStats } from "@flipside/contracts/accounts";
import type { ReactNode } from "react";
import { UserContent } from "../../components/shell/user-content.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { CalendarRange, Link2 } from "../../components/ui/icons.tsx";

const memberSince = (iso: string) =>
  new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(iso));

/**
 * A person at the top of their page: picture, name, bio and since when they are here. `actions`
 * sit beside the name (the owner's "Edit profile").
 */
export function ProfileHeader({
  displayName,
  imageUrl,
  bioHtml,
  createdDate,
  socialLinks = [],
  actions,
  children,
}: {
  displayName: string;
  imageUrl: string | null;
  bioHtml: string;
  createdDate: string;
  /** The person's addresses elsewhere (docs/accounts.md#social-links). */
  socialLinks?: readonly { url: string; label: string }[];
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-4" data-testid="profile-header">
      <div className="flex flex-wrap items-end gap-4">
        <Avatar
          name={displayName}
          imageUrl={imageUrl}
          className="size-20 border-4 border-background text-2xl shadow-sm sm:size-24"
          eager
        />
        {/* At least 12rem for the name: on a phone the actions go to the next line rather than break it. */}
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <h1 className="break-words font-semibold text-2xl tracking-tight" data-testid="profile-name">
            {displayName}
          </h1>
          <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
            <CalendarRange className="size-4" aria-hidden="true" />
            Member since {memberSince(createdDate)}
          </p>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {bioHtml ? <UserContent html={bioHtml} testId="profile-bio" className="text-base" /> : null}
      {socialLinks.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="profile-social-links">
          {socialLinks.map((link) => (
            <li key={link.url} className="min-w-0">
              {/* rel="me": Mastodon and IndieWeb verify that the person links back from here. */}
              <a
                href={link.url}
                rel="me noopener"
                target="_blank"
                className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                <Link2 className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{link.label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </header>
  );
}

const STAT_LABELS: readonly { key: keyof ProfileStats; one: string; many: string }[] = [
  { key: "comments", one: "Comment", many: "Comments" },
  { key: "reviews", one: "Review", many: "Reviews" },
  { key: "relatedPages", one: "Related page", many: "Related pages" },
  { key: "publicNotes", one: "Public note", many: "Public notes" },
  { key: "votesReceived", one: "Up vote received", many: "Up votes received" },
];

/** The counts as a definition list: the number large, what it counts under it. */
export function ProfileStatsList({ stats }: { stats: ProfileStats }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="profile-stats">
      {STAT_LABELS.map(({ key, one, many }) => (
        <div
          key={key}
          className="flex flex-col-reverse rounded-lg border bg-card px-3 py-2"
          data-testid={`stat-${key}`}
        >
          <dt className="text-muted-foreground text-xs">{stats[key] === 1 ? one : many}</dt>
          <dd className="font-semibold text-lg tabular-nums">{stats[key].toLocaleString("en")}</dd>
        </div>
      ))}
    </dl>
  );
}
