import { type Account, type Profile, type ProfileStats, socialLinkLabel } from "@flipside/contracts/accounts";
import type { ColorModePreference } from "@flipside/contracts/enums";
import type { Storage } from "../../lib/storage.ts";
import { renderMarkdownCached } from "../discussion/index.ts";
import type { UserRow } from "./accounts.repository.ts";

export function imageUrlOf(user: Pick<UserRow, "imageKey" | "imageUrl">, storage: Storage): string | null {
  return user.imageKey ? storage.url(user.imageKey) : user.imageUrl;
}

/** The signed-in user's own view: never the hash, keys or invitation code. */
export function presentAccount(
  user: UserRow,
  storage: Storage,
  organizations: Account["organizations"],
): Account {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    bio: user.bio,
    language: user.language,
    colorMode: user.colorMode as ColorModePreference,
    imageUrl: imageUrlOf(user, storage),
    activated: user.activated,
    roles: user.roles,
    socialLinks: user.socialLinks,
    personalisedAds: user.personalisedAds,
    organizations,
    createdDate: user.createdAt.toISOString(),
  };
}

/** What anyone may see of an account. */
export function presentProfile(user: UserRow, stats: ProfileStats, storage: Storage): Profile {
  return {
    id: user.id,
    displayName: user.displayName,
    imageUrl: imageUrlOf(user, storage),
    bio: user.bio,
    bioHtml: renderMarkdownCached(user.bio),
    createdDate: user.createdAt.toISOString(),
    stats,
    socialLinks: user.socialLinks.map((url) => ({ url, label: socialLinkLabel(url) })),
  };
}
