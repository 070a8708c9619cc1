import { v7 as uuidv7 } from "uuid";

/**
 * An uploaded avatar is stored twice: 256 px for profiles and 64 px for the bylines of lists,
 * where 25 comments would otherwise fetch 25 large pictures to show them at 32 px.
 */
export const AVATAR_SIZES = { large: 256, small: 64 } as const;

const LARGE_SUFFIX = `-${AVATAR_SIZES.large}.webp`;
const SMALL_SUFFIX = `-${AVATAR_SIZES.small}.webp`;

/** The storage keys of a new avatar of this user (the large one is what the account row keeps). */
export function newAvatarKeys(userId: string): { large: string; small: string } {
  const base = `avatars/${userId}/${uuidv7()}`;
  return { large: `${base}${LARGE_SUFFIX}`, small: `${base}${SMALL_SUFFIX}` };
}

/** The small copy of an avatar; keys stored before avatars had two sizes have only the one. */
export function smallAvatarKey(key: string): string {
  return key.endsWith(LARGE_SUFFIX) ? `${key.slice(0, -LARGE_SUFFIX.length)}${SMALL_SUFFIX}` : key;
}

/** Every file of an avatar, for removal. */
export function avatarFiles(key: string): string[] {
  const small = smallAvatarKey(key);
  return small === key ? [key] : [key, small];
}
