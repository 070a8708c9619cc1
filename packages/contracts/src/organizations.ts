import { z } from "zod";
import { Email } from "./accounts.ts";
import { ProfileRef } from "./discussion.ts";
import { lineText, multilineText } from "./text.ts";

/** Organisations (docs/organizations.md): members, roles, invitations by mail. */

export const ORGANIZATION_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export const OrganizationRole = z.enum(ORGANIZATION_ROLES).meta({ id: "OrganizationRole" });
export type OrganizationRole = z.infer<typeof OrganizationRole>;

export const ROLE_LABELS: Record<OrganizationRole, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  MEMBER: "Member",
};

/** What each role may do, in words (the members tab and the docs say the same). */
export const ROLE_DESCRIPTIONS: Record<OrganizationRole, string> = {
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

const Uuid = z.uuid();
const IsoDate = z.iso.datetime();

export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: ORGANIZATION_MESSAGES.slugInvalid })
  .min(ORGANIZATION_LIMITS.slugMin, { error: ORGANIZATION_MESSAGES.slugInvalid })
  .max(ORGANIZATION_LIMITS.slugMax, { error: ORGANIZATION_MESSAGES.slugInvalid });

const Name = lineText()
  .min(1, { error: ORGANIZATION_MESSAGES.nameRequired })
  .max(ORGANIZATION_LIMITS.nameMax, { error: ORGANIZATION_MESSAGES.nameTooLong });
const Description = multilineText()
  .trim()
  .max(ORGANIZATION_LIMITS.descriptionMax, { error: ORGANIZATION_MESSAGES.descriptionTooLong });
/** An http(s) address, or nothing (an empty string clears it). */
const Website = z
  .string()
  .trim()
  .max(ORGANIZATION_LIMITS.websiteMax, { error: ORGANIZATION_MESSAGES.websiteInvalid })
  .refine((v) => v === "" || /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(v), {
    error: ORGANIZATION_MESSAGES.websiteInvalid,
  });

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

export const CreateOrganization = z.strictObject({
  name: Name,
  slug: Slug,
  description: Description.optional().default(""),
  website: Website.optional().default(""),
});
export const UpdateOrganization = z.strictObject({
  name: Name.optional(),
  slug: Slug.optional(),
  description: Description.optional(),
  website: Website.optional(),
});

/** The public side of an organisation. */
export const Organization = z
  .object({
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    website: z.string().nullable(),
    imageUrl: z.string().nullable(),
    createdDate: IsoDate,
  })
  .meta({ id: "Organization" });
export type Organization = z.infer<typeof Organization>;

/** One of your organisations, with your role in it. */
export const MyOrganization = Organization.extend({
  role: OrganizationRole,
  memberCount: z.int(),
}).meta({ id: "MyOrganization" });
export type MyOrganization = z.infer<typeof MyOrganization>;

/** What /profile/organizations/{id} shows above its tabs. */
export const OrganizationDetail = MyOrganization.extend({
  /** Whether the organisation's public page lists you. */
  showOnProfile: z.boolean(),
  counts: z.object({
    members: z.int(),
    pendingInvitations: z.int(),
    websites: z.int(),
    verifiedWebsites: z.int(),
    notes: z.int(),
  }),
}).meta({ id: "OrganizationDetail" });
export type OrganizationDetail = z.infer<typeof OrganizationDetail>;

export const OrganizationMember = z
  .object({
    profile: ProfileRef,
    role: OrganizationRole,
    showOnProfile: z.boolean(),
    joinedDate: IsoDate,
  })
  .meta({ id: "OrganizationMember" });
export type OrganizationMember = z.infer<typeof OrganizationMember>;

export const ChangeMember = z.strictObject({ role: OrganizationRole });
export const ChangeMembership = z.strictObject({ showOnProfile: z.boolean() });
export const TransferOwnership = z.strictObject({ userId: Uuid });

export const INVITATION_STATUSES = ["PENDING", "ACCEPTED", "DECLINED", "REVOKED", "EXPIRED"] as const;
export const InvitationStatus = z.enum(INVITATION_STATUSES).meta({ id: "InvitationStatus" });
export type InvitationStatus = z.infer<typeof InvitationStatus>;

export const CreateInvitation = z.strictObject({
  email: z.string().trim().min(1, { error: ORGANIZATION_MESSAGES.emailRequired }).pipe(Email),
  role: z.enum(["ADMIN", "MEMBER"]).optional().default("MEMBER"),
});

export const OrganizationInvitation = z
  .object({
    id: Uuid,
    email: z.string(),
    role: z.enum(["ADMIN", "MEMBER"]),
    status: InvitationStatus,
    inviter: ProfileRef.nullable(),
    sentDate: IsoDate,
    expiresDate: IsoDate,
    respondedDate: IsoDate.nullable(),
    createdDate: IsoDate,
  })
  .meta({ id: "OrganizationInvitation" });
export type OrganizationInvitation = z.infer<typeof OrganizationInvitation>;

/** What the invitation link's page shows to whoever holds the link. */
export const InvitationPreview = z
  .object({
    organization: Organization.pick({ id: true, name: true, slug: true, imageUrl: true, description: true }),
    inviter: z.string().nullable(),
    email: z.string(),
    role: z.enum(["ADMIN", "MEMBER"]),
    status: InvitationStatus,
    expiresDate: IsoDate,
  })
  .meta({ id: "InvitationPreview" });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** An organisation's public page (`/profiles/{uuid}`), as a person's shows a person. */
export const PublicOrganization = Organization.extend({
  websites: z.array(z.object({ domain: z.string(), unicodeDomain: z.string() })),
  /** Members who chose to show themselves. */
  members: z.array(ProfileRef.extend({ role: OrganizationRole })),
  memberCount: z.int(),
}).meta({ id: "PublicOrganization" });
export type PublicOrganization = z.infer<typeof PublicOrganization>;
