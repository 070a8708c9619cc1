import { z } from "zod";
import { Email } from "./accounts.ts";
import { ProfileRef } from "./discussion.ts";
import { OrganizationRole } from "./enums.ts";
import { ORGANIZATION_LIMITS, ORGANIZATION_MESSAGES } from "./organization-constants.ts";
import { lineText, multilineText } from "./text.ts";

/** Organisations (docs/organizations.md): members, roles, invitations by mail. */

export { ORGANIZATION_ROLES, OrganizationRole } from "./enums.ts";
export * from "./organization-constants.ts";

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

/** An invitation to the viewer's own address, answered in the app (`/profile/organizations`). */
export const ReceivedInvitation = InvitationPreview.extend({ id: z.uuid() }).meta({
  id: "ReceivedInvitation",
});
export type ReceivedInvitation = z.infer<typeof ReceivedInvitation>;

/** An organisation's public page (`/profiles/{uuid}`), as a person's shows a person. */
export const PublicOrganization = Organization.extend({
  websites: z.array(z.object({ domain: z.string(), unicodeDomain: z.string() })),
  /** Members who chose to show themselves. */
  members: z.array(ProfileRef.extend({ role: OrganizationRole })),
  memberCount: z.int(),
}).meta({ id: "PublicOrganization" });
export type PublicOrganization = z.infer<typeof PublicOrganization>;
