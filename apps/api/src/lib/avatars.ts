import { AVATAR_KINDS, AVATAR_MAX_BYTES } from "@flipside/contracts/accounts";
import { v7 as uuidv7 } from "uuid";
import { badRequest } from "./errors.ts";
import { imageTooLarge, reencodeImage } from "./images.ts";
import type { Storage } from "./storage.ts";

/**
 * An uploaded avatar is stored twice: 256 px for profiles and 64 px for the bylines of lists,
 * where 25 comments would otherwise fetch 25 large pictures to show them at 32 px.
 */
const AVATAR_SIZES = { large: 256, small: 64 } as const;

const LARGE_SUFFIX = `-${AVATAR_SIZES.large}.webp`;
const SMALL_SUFFIX = `-${AVATAR_SIZES.small}.webp`;

/** The storage keys of a new avatar of this user (the large one is what the account row keeps). */
function newAvatarKeys(userId: string): { large: string; small: string } {
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

/**
 * Makes and stores both squares of a new avatar of this user from an untrusted image (checked by
 * content, re-encoded from its pixels, a GIF's first frame); answers the large one's key, which
 * the account row keeps. `field` is the request field named in its errors.
 */
export async function storeAvatar(
  storage: Storage,
  userId: string,
  input: Buffer,
  field: string,
): Promise<string> {
  const square = (size: number) =>
    reencodeImage(input, {
      allowed: AVATAR_KINDS,
      maxBytes: AVATAR_MAX_BYTES,
      resize: { width: size, height: size, fit: "cover" },
      output: "webp",
      field,
    });
  const large = await square(AVATAR_SIZES.large);
  const small = await square(AVATAR_SIZES.small);
  const keys = newAvatarKeys(userId);
  await storage.put(keys.large, large.buffer, large.contentType);
  await storage.put(keys.small, small.buffer, small.contentType);
  return keys.large;
}

/** Decodes `data:image/png;base64,…` or bare base64; refuses anything else with a clear 4xx. */
export function decodeBase64Image(value: string): Buffer {
  const data = value.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/i, "").replace(/\s+/g, "");
  if (data.length * 0.75 > AVATAR_MAX_BYTES + 3) throw imageTooLarge("base64", AVATAR_MAX_BYTES);
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(data) || data.length === 0) {
    throw badRequest("The image is not valid base64.", [
      { field: "base64", message: "The image must be sent as base64" },
    ]);
  }
  return Buffer.from(data, "base64");
}
