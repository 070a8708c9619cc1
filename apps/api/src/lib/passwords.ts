import { type Algorithm, hash, type Options, parseOptions, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * argon2id at the OWASP Password Storage Cheat Sheet minimum (19 MiB, 2 passes, 1 lane).
 * `Algorithm` is a const enum that the package does not export at run time, hence the literal.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

/** How many of the most common passwords are refused (ranked list of @zxcvbn-ts). */
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * Unicode has several encodings of the same visible text ("é" vs "e" + accent): normalise,
 * so that a password typed on another keyboard still matches (NIST SP 800-63B 5.1.1.2).
 */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC");
}

export async function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalizePassword(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for users that do not exist: a login
 * for an unknown address must not answer measurably faster than a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash("not-a-password-of-anyone", ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}

/** True when a stored hash is weaker than (or different from) today's parameters. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const o = parseOptions(passwordHash);
    return (
      o.algorithm !== ARGON2_OPTIONS.algorithm ||
      o.memoryCost < ARGON2_OPTIONS.memoryCost ||
      o.timeCost < ARGON2_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

let common: Set<string> | undefined;

/**
 * One of the 10,000 most used passwords? The list is lower-case, so the comparison is too:
 * "P@ssw0rd" passes every composition rule and is still the first thing an attacker tries.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT));
  return common.has(normalizePassword(password).toLowerCase());
}
