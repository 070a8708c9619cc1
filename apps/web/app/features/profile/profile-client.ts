import type { Profile } from "@flipside/contracts/accounts";
import type { Contribution, Note } from "@flipside/contracts/discussion";
import type { ApiClient, ListPage } from "../../lib/api.ts";

/** The filters of a profile's activity, as `?kind=` says them. */
export const ACTIVITY_KINDS = {
  all: { label: "Everything", searchAnd: "" },
  // Replies are comments too; the API has no "in", so the other kinds are left out instead.
  comments: { label: "Comments", searchAnd: "contributionType!=REVIEW,contributionType!=RELATED_PAGE" },
  reviews: { label: "Reviews", searchAnd: "REVIEW" },
  related: { label: "Related pages", searchAnd: "RELATED_PAGE" },
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export function parseActivityKind(value: string | null): ActivityKind {
  return value && value in ACTIVITY_KINDS ? (value as ActivityKind) : "all";
}

export const ACTIVITY_PAGE_SIZE = 10;
const NOTES_PAGE_SIZE = 6;

/** The calls of profile pages, for the server's loaders and the browser alike. */
export function createProfileClient(client: ApiClient) {
  return {
    profile: (id: string) => client.get<Profile>(`/v1/profiles/${encodeURIComponent(id)}`),
    /** Newest first; `page` counts from 1. */
    activity: (authorId: string, kind: ActivityKind, page: number): Promise<ListPage<Contribution>> =>
      client.list<Contribution>("/v1/contributions", {
        searchAnd: [`authorId==${authorId}`, ACTIVITY_KINDS[kind].searchAnd].filter(Boolean).join(","),
        page: page - 1,
        size: ACTIVITY_PAGE_SIZE,
        sort: ["createdDate,desc"],
      }),
    publicNotes: (id: string): Promise<ListPage<Note>> =>
      client.list<Note>(`/v1/profiles/${encodeURIComponent(id)}/notes`, { size: NOTES_PAGE_SIZE }),
    /** One of a person's public notes (a share link's), as their page shows it; null when it is not. */
    publicNote: async (id: string, noteId: string): Promise<Note | null> =>
      (
        await client.list<Note>(`/v1/profiles/${encodeURIComponent(id)}/notes`, {
          searchAnd: `id==${noteId}`,
          size: 1,
        })
      ).items[0] ?? null,
    /** The signed-in person's own pinned notes, whatever their visibility. */
    pinnedNotes: (): Promise<ListPage<Note>> =>
      client.list<Note>("/v1/notes", { searchAnd: "pinned==true", size: NOTES_PAGE_SIZE }),
  };
}
