import { data } from "react-router";
import { FollowButtonAsking } from "../../components/follow/followed-state.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { MessageSquare } from "../../components/ui/icons.tsx";
import { BlockPerson } from "../../features/blocks/block-person.tsx";
import { OrganizationProfile, organizationMeta } from "../../features/organizations/organization-profile.tsx";
import { createOrganizationsClient } from "../../features/organizations/organizations-client.ts";
import { ActivitySection } from "../../features/profile/activity-list.tsx";
import { NotesList } from "../../features/profile/notes-list.tsx";
import { createProfileClient, parseActivityKind } from "../../features/profile/profile-client.ts";
import { ProfileHeader, ProfileStatsList } from "../../features/profile/profile-header.tsx";
import { profileMeta } from "../../features/profile/profile-meta.ts";
import { ReportPerson } from "../../features/profile/report-person.tsx";
import { SharedNote } from "../../features/profile/shared-note.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import type { RootData } from "../../lib/root-data.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { Route } from "./+types/user";

/**
 * `/users/{uuid}` and `/profiles/{uuid}`: a person's public page, rendered on the server (for
 * search engines and link previews). Unknown, unactivated or erased people are the 404 page.
 * `?note={id}` (where a shared note's link leads) shows that public note first; one that is no
 * longer public, or not theirs, is left out.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!isUuid(params.uuid)) throw data(url.pathname, { status: 404 });
  const id = params.uuid.toLowerCase();
  const kind = parseActivityKind(url.searchParams.get("kind"));
  const page = parsePageNumber(url.searchParams.get("page"));
  const sharedNoteId = url.searchParams.get("note");
  const client = createProfileClient(serverApi(context));
  try {
    const [profile, activity, notes, sharedNote] = await Promise.all([
      client.profile(id),
      client.activity(id, kind, page),
      client.publicNotes(id),
      sharedNoteId && isUuid(sharedNoteId)
        ? client.publicNote(id, sharedNoteId.toLowerCase()).catch(() => null)
        : null,
    ]);
    return { kind: "person" as const, profile, activity, notes, sharedNote, activityKind: kind, page };
  } catch (error) {
    if (!isApiError(error) || error.status !== 404) throw error;
  }
  // Not a person: an organisation's public page has the same kind of address.
  try {
    const organization = await createOrganizationsClient(serverApi(context)).publicProfile(id);
    return { kind: "organization" as const, organization };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(url.pathname, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  if (!loaderData) return [];
  if (loaderData.kind === "organization")
    return organizationMeta(loaderData.organization, root?.config.publicOrigin ?? "");
  return profileMeta(loaderData.profile, root?.config.publicOrigin ?? "");
}

export default function UserDetails({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "organization") return <OrganizationProfile org={loaderData.organization} />;
  const { profile, activity, notes, sharedNote, activityKind: kind, page } = loaderData;
  const otherNotes = notes.items.filter((note) => note.id !== sharedNote?.id);
  return (
    <div className="flex flex-col gap-8" data-testid="public-profile">
      <ProfileHeader
        displayName={profile.displayName}
        imageUrl={profile.imageUrl}
        bioHtml={profile.bioHtml}
        createdDate={profile.createdDate}
        socialLinks={profile.socialLinks}
        actions={
          <>
            <FollowButtonAsking
              kind="PERSON"
              id={profile.id}
              name={profile.displayName}
              testId="follow-person"
            />
            <ReportPerson id={profile.id} displayName={profile.displayName} />
            <BlockPerson id={profile.id} displayName={profile.displayName} />
          </>
        }
      >
        <ProfileStatsList stats={profile.stats} />
      </ProfileHeader>

      {sharedNote ? <SharedNote key={sharedNote.id} note={sharedNote} /> : null}

      <ActivitySection
        title="Contributions"
        activity={activity}
        kind={kind}
        page={page}
        empty={
          <EmptyState
            compact
            headingLevel={3}
            icon={MessageSquare}
            title={
              kind === "all"
                ? `${profile.displayName} has not written anything public yet`
                : `Nothing of this kind from ${profile.displayName} yet`
            }
            description="Comments, reviews and related pages they add show up here, newest first."
          />
        }
      />

      {otherNotes.length > 0 ? (
        <section aria-labelledby="notes-heading" className="flex flex-col gap-3">
          <h2 id="notes-heading" className="font-semibold text-lg">
            Public notes
          </h2>
          <NotesList notes={otherNotes} onPublicPage />
        </section>
      ) : null}
    </div>
  );
}
