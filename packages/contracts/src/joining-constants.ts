/**
 * Joining (docs/joining.md): invitation codes, the beta gate and beta requests. Numbers, words and
 * the code's spelling, without zod (the web app's join pages import them).
 */
export const JOINING_LIMITS = {
  /** Characters of an invitation code (Crockford base32): 50 bits, unguessable at the check's rate limit. */
  codeLength: 10,
  /** Uses of one minted code. */
  maxUsesMax: 10_000,
  /** Codes minted at once. */
  mintMax: 100,
  /** Characters of an admin's note on minted codes. */
  noteMax: 200,
  /** Characters of the reason given with a beta request. */
  reasonMax: 1_000,
} as const;

export const JOINING_MESSAGES = {
  codeUnknown:
    "This invitation code does not exist. Check it for typos, or ask the person who invited you for a new one.",
  codeUsed: "This invitation code has already been used.",
  codeExpired: "This invitation code has expired.",
  codeRevoked: "This invitation code is no longer valid.",
  codeMalformed: `An invitation code has ${JOINING_LIMITS.codeLength} letters and digits.`,
  gateClosed:
    "Flipside is in a closed beta: joining needs an invitation code, or the link we mail when your request is approved.",
  notActivated: "Activate your account first: invitation codes come with an activated account.",
  noSuchCode: "There is no such invitation code.",
  betaRequested: "Thank you. We will write to you when there is room.",
  betaLinkInvalid: "This link has been used or has expired. Ask for access again on the join page.",
  betaLinkOtherAddress: "This link was sent to another address: sign up with the address it was sent to.",
  noSuchRequest: "There is no such beta request.",
} as const;

/** How long the link of an approved beta request works. */
export const BETA_LINK_TTL_DAYS = 14;

/** Crockford's alphabet: no I, L, O or U, so a code read aloud or typed from paper survives. */
export const INVITATION_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A code as people type it: any case, with spaces or dashes, O for 0 and I or L for 1. Returns the
 * stored spelling, or null when it cannot be a code.
 */
export function normalizeInvitationCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== JOINING_LIMITS.codeLength) return null;
  for (const char of code) if (!INVITATION_CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** How a code is shown: two groups of five, easy to read out. */
export function formatInvitationCode(code: string): string {
  return code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}
