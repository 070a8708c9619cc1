import type { Account, Profile } from "@flipside/contracts/accounts";
import { redirect } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ExternalLink, MessageSquare, Pin, Settings } from "../../components/ui/icons.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { FOLLOWS_PAGE_SIZE, FollowsSection } from "../../features/follows/follows-section.tsx";
import { InvitationCodes } from "../../features/joining/invitation-codes.tsx";
import { createJoiningClient } from "../../features/joining/joining-client.ts";
import { ActivitySection } from "../../features/profile/activity-list.tsx";
import { NotesList } from "../../features/profile/notes-list.tsx";
import { createProfileClient, parseActivityKind } from "../../features/profile/profile-client.ts";
import { ProfileHeader, ProfileStatsList } from "../../features/profile/profile-header.tsx";
import { profilePath } from "../../features/profile/profile-meta.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { createFollowsClient } from "../../lib/follows-client.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/index";

const NO_STATS: Profile["stats"] = {
  comments: 0,
  reviews: 0,
  relatedPages: 0,
  publicNotes: 0,
  votesReceived: 0,
};

/** The signed-in person's own page: their public face, their counts, latest contributions, pinned notes, what they follow and who follows them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const api = serverApi(context);
  const client = createProfileClient(api);
  let account: Account;
  try {
    account = await api.get<Account>("/account");
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(url));
    throw error;
  }
  const kind = parseActivityKind(url.searchParams.get("kind"));
  const page = parsePageNumber(url.searchParams.get("page"));
  const follows = createFollowsClient(api);
  const [profile, activity, pinned, invitations, following, followers] = await Promise.all([
    // An account waiting for activation has no public face yet (404): its counts are nought.
    client.profile(account.id).catch((error: unknown) => {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }),
    client.activity(account.id, kind, page),
    client.pinnedNotes(),
    // Invitation codes come with an activated account (docs/joining.md).
    account.activated ? createJoiningClient(api).mine() : null,
    follows.list({ size: FOLLOWS_PAGE_SIZE }),
    follows.followers({ size: FOLLOWS_PAGE_SIZE }),
  ]);
  return { account, profile, activity, pinned, invitations, kind, page, following, followers };
}

export const meta = () => titleMeta("Your profile");

export default function ProfileHome({ loaderData }: Route.ComponentProps) {
  const { account, profile, activity, pinned, invitations, kind, page, following, followers } = loaderData;
  return (
    <div className="flex flex-col gap-8" data-testid="profile-home">
      <ProfileHeader
        displayName={account.displayName}
        imageUrl={account.imageUrl}
        bioHtml={profile?.bioHtml ?? ""}
        createdDate={account.createdDate}
        socialLinks={profile?.socialLinks ?? []}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <AppLink to="/profile/settings" data-testid="profile-edit">
                <Settings aria-hidden="true" />
                Edit profile
              </AppLink>
            </Button>
            {account.activated ? (
              <Button asChild variant="ghost" size="sm">
                <AppLink to={profilePath(account.id)} data-testid="profile-public-link">
                  <ExternalLink aria-hidden="true" />
                  Your public page
                </AppLink>
              </Button>
            ) : null}
          </>
        }
      >
        {account.activated ? null : (
          <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="profile-not-activated">
            <Badge variant="warning">Not activated</Badge>
            Open the link in the mail we sent to {account.email} to write, vote and have a public page.
          </p>
        )}
        {account.bio || !account.activated ? null : (
          <p className="text-muted-foreground text-sm">
            Tell people who you are:{" "}
            <AppLink to="/profile/settings#profile" className="text-primary underline underline-offset-4">
              add a bio
            </AppLink>
            .
          </p>
        )}
        <ProfileStatsList stats={profile?.stats ?? NO_STATS} />
      </ProfileHeader>

      <ActivitySection
        title="Your latest contributions"
        activity={activity}
        kind={kind}
        page={page}
        empty={
          <EmptyState
            compact
            headingLevel={3}
            icon={MessageSquare}
            title={kind === "all" ? "You have not written anything yet" : "Nothing of this kind yet"}
            description="Look up a page by its address, then comment, review it or link a related page. What you write shows up here."
            action={
              <Button asChild size="sm">
                <AppLink to="/">Look up a page</AppLink>
              </Button>
            }
          />
        }
      />

      <section aria-labelledby="pinned-heading" className="flex flex-col gap-3">
        <h2 id="pinned-heading" className="font-semibold text-lg">
          Pinned notes
        </h2>
        {pinned.items.length > 0 ? (
          <NotesList notes={pinned.items} showVisibility />
        ) : (
          <EmptyState
            compact
            headingLevel={3}
            icon={Pin}
            title="No pinned notes"
            description="Notes you pin on any page are kept here, so what matters is one click away."
          />
        )}
      </section>

      <FollowsSection following={following} followers={followers} />

      {invitations && invitations.length > 0 ? <InvitationCodes codes={invitations} /> : null}
    </div>
  );
}
