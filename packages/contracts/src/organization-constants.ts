/**
 * Organisations' rules and texts without zod (docs/ARCHITECTURE.md#boundaries): the web app's
 * pages import these as values; `organizations.ts` re-exports them beside its schemas.
 */

export const ROLE_LABELS: Record<"OWNER" | "ADMIN" | "MEMBER", string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  MEMBER: "Member",
};

/** What each role may do, in words (the members tab and the docs say the same). */
export const ROLE_DESCRIPTIONS: Record<"OWNER" | "ADMIN" | "MEMBER", string> = {
  OWNER: "Everything, including settings, ownership and deleting the organisation",
  ADMIN: "Members, invitations and websites",
  MEMBER: "Reads and writes the organisation's notes; answers officially on its websites",
};

export const ORGANIZATION_LIMITS = {
  nameMax: 80,
  slugMin: 3,
  slugMax: 40,
  descriptionMax: 500,
  websiteMax: 2048,
  /** Organisations one person may belong to. */
  membershipsPerPerson: 20,
  membersPerOrganization: 500,
  /** Invitation mails (sends and resends) an organisation may send in 24 hours. */
  invitationsPerOrganizationPerDay: 50,
  /** Invitation mails one person may send in 24 hours, across organisations. */
  invitationsPerPersonPerDay: 100,
  invitationDays: 7,
} as const;

export const ORGANIZATION_MESSAGES = {
  nameRequired: "Enter the organisation's name",
  nameTooLong: `Use at most ${ORGANIZATION_LIMITS.nameMax} characters`,
  slugInvalid: `Use ${ORGANIZATION_LIMITS.slugMin} to ${ORGANIZATION_LIMITS.slugMax} lower-case letters, digits and hyphens, starting and ending with a letter or digit`,
  slugTaken: "That address is taken. Try another.",
  descriptionTooLong: `Use at most ${ORGANIZATION_LIMITS.descriptionMax} characters`,
  websiteInvalid: "Enter a web address starting with https:// or http://",
  notFound: "There is no such organisation.",
  ownersOnly: "Only the organisation's owners can do that.",
  managersOnly: "Only the organisation's owners and admins can do that.",
  ownerRoleByOwners: "Only an owner can make someone an owner or change an owner's role.",
  lastOwner: "An organisation needs at least one owner. Make someone else an owner first.",
  notAMember: "That person is not a member of this organisation.",
  tooManyMemberships: `You belong to ${ORGANIZATION_LIMITS.membershipsPerPerson} organisations, the most one person may.`,
  tooManyMembers: `An organisation has at most ${ORGANIZATION_LIMITS.membersPerOrganization} members.`,
  confirmSlug: "Type the organisation's address to confirm",
  alreadyMember: "That address belongs to a member of this organisation already.",
  alreadyInvited: "That address has an invitation waiting. Resend it instead.",
  optedOut: "That address asked Flipside to send it no invitations.",
  invitationsOrganizationLimit:
    "This organisation has sent as many invitations as it may today. Try again tomorrow.",
  invitationsPersonLimit: "You have sent as many invitations as you may today. Try again tomorrow.",
  noSuchInvitation: "There is no such invitation.",
  invitationInvalid: "This invitation link is not valid. Copy the whole link from the mail.",
  invitationExpired: "This invitation has expired. Ask the organisation for a new one.",
  invitationAnswered: "This invitation has already been answered.",
  invitationRevoked: "This invitation was withdrawn by the organisation.",
  wrongAccount:
    "This invitation was sent to another address. Sign in with the address it was sent to, or create an account with it.",
  invitationSent: "Invitation sent",
  emailRequired: "Enter an e-mail address",
} as const;

/** A slug made from a name: "Acme News, Ltd." → "acme-news-ltd". */
export function slugFrom(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, ORGANIZATION_LIMITS.slugMax)
    .replace(/-+$/, "");
}
