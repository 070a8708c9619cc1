/**
 * What a site owner puts in place to prove control of a site (docs/websites.md), shared by the
 * server's checks and the instructions the claim page shows, so the two can never disagree.
 * No zod here: the page view and the profile pages import it without the schema library.
 */

export const VERIFICATION_METHODS = ["DNS_TXT", "META_TAG", "FILE"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

export const PROOF_NAME = "flipside-verification";
export const PROOF_FILE_PATH = "/.well-known/flipside-verification.txt";

export const VERIFICATION_METHOD_LABELS: Record<VerificationMethod, string> = {
  DNS_TXT: "DNS TXT record",
  META_TAG: "HTML meta tag",
  FILE: "File on the site",
};

export interface Proof {
  /** The TXT record's value, on the domain itself. */
  dnsRecord: string;
  /** The tag for the home page's `<head>`. */
  metaTag: string;
  /** Where the file goes, and what it holds (the token alone). */
  fileUrl: string;
  fileContent: string;
  /** The home pages the meta tag is looked for on, in order. */
  homePages: [string, string];
}

export function proofFor(domain: string, token: string): Proof {
  return {
    dnsRecord: `${PROOF_NAME}=${token}`,
    metaTag: `<meta name="${PROOF_NAME}" content="${token}">`,
    fileUrl: `https://${domain}${PROOF_FILE_PATH}`,
    fileContent: token,
    homePages: [`https://${domain}/`, `https://www.${domain}/`],
  };
}

/** How many sites one person may claim (claims, verified or not). */
export const MAX_SITE_CLAIMS = 50;
/** An invitation's own words, as plain text. */
export const OWNER_INVITE_MESSAGE_MAX_LENGTH = 500;

/** The most characters of a site owner's notice pinned on the site's pages (Business plan). */
export const SITE_NOTICE_MAX_LENGTH = 500;

/** What keeps owner invitations from being a way to mail anyone (docs/websites.md#inviting-an-owner). */
export const OWNER_INVITE_LIMITS = { perPersonPerDay: 5, perSitePerWeek: 3, sameAddressDays: 30 } as const;

export const WEBSITE_MESSAGES = {
  addressRequired: "Enter a domain or an address on it.",
  verifiedByAnother: "Verified by another owner.",
  tooManyClaims: `You can claim at most ${MAX_SITE_CLAIMS} sites. Remove one you no longer need first.`,
  notYours: "This site is not among your websites.",
  inviteEmailRequired: "Enter an e-mail address.",
  inviteUnknownSite: "There is no such site or page on Flipside.",
  inviteAlreadyVerified: "This site already has a verified owner.",
  invitePersonLimit: `You can invite at most ${OWNER_INVITE_LIMITS.perPersonPerDay} owners a day. Try again tomorrow.`,
  inviteSiteLimit: `This site's owner was invited ${OWNER_INVITE_LIMITS.perSitePerWeek} times this week already. Try again next week.`,
  inviteSent: "Thank you. If that address can be invited, its owner will get the invitation.",
} as const;
