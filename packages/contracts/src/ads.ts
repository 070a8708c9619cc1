import { z } from "zod";
import {
  AD_ACCOUNT_STATUSES,
  AD_CREATIVE_LIMITS,
  AD_CREATIVE_MESSAGES,
  AD_IMAGE_TYPES,
  AD_LIMITS,
  AD_OWNER_KINDS,
  AD_REJECTION_REASONS,
  AD_REVIEW_STATUSES,
  AD_VIEWER_ROLES,
  ADS_MESSAGES,
  isTimeZone,
} from "./ads-constants.ts";
import { lineText } from "./text.ts";

/** The advertising area's calls (../shared/ADS.md §2, docs/ads.md). */

export * from "./ads-constants.ts";

const Uuid = z.uuid();
const IsoDate = z.iso.datetime();

export const AdName = lineText()
  .min(1, { error: ADS_MESSAGES.nameRequired })
  .max(AD_LIMITS.nameMax, { error: ADS_MESSAGES.nameTooLong });
export const TimeZone = z.string().refine(isTimeZone, { error: ADS_MESSAGES.timezoneInvalid });
export const Version = z.int().min(0);

export const AdAccount = z
  .object({
    id: Uuid,
    name: z.string(),
    ownerKind: z.enum(AD_OWNER_KINDS),
    ownerId: Uuid,
    organizationName: z.string().nullable(),
    timezone: z.string(),
    currency: z.string(),
    status: z.enum(AD_ACCOUNT_STATUSES),
    suspensionReason: z.string().nullable(),
    viewerRole: z.enum(AD_VIEWER_ROLES),
    createdAt: IsoDate,
    version: Version,
  })
  .meta({ id: "AdAccount" });
export type AdAccount = z.infer<typeof AdAccount>;

export const CreateAdAccount = z
  .strictObject({
    name: AdName,
    ownerKind: z.enum(AD_OWNER_KINDS),
    organizationId: Uuid.optional(),
    timezone: TimeZone,
  })
  .refine((v) => v.ownerKind === "USER" || v.organizationId, {
    error: ADS_MESSAGES.organizationRequired,
    path: ["organizationId"],
  });
export type CreateAdAccount = z.infer<typeof CreateAdAccount>;

export const UpdateAdAccount = z.strictObject({ name: AdName, timezone: TimeZone, version: Version });
export type UpdateAdAccount = z.infer<typeof UpdateAdAccount>;

/** Where a new advertiser account could be paid from: the viewer, or an organisation they manage. */
export const AdAccountOwnerChoice = z
  .object({ ownerKind: z.enum(AD_OWNER_KINDS), organizationId: Uuid.nullable(), name: z.string() })
  .meta({ id: "AdAccountOwnerChoice" });
export type AdAccountOwnerChoice = z.infer<typeof AdAccountOwnerChoice>;

// --- Creatives (ADS.md §1.3, §2.3, §3.4) ---

export const AdCreativeImage = z
  .object({ id: Uuid, url: z.string(), width: z.int(), height: z.int() })
  .meta({ id: "AdCreativeImage" });
export type AdCreativeImage = z.infer<typeof AdCreativeImage>;

export const AdCreative = z
  .object({
    id: Uuid,
    adAccountId: Uuid,
    name: z.string(),
    headline: z.string(),
    body: z.string(),
    destinationUrl: z.string(),
    displayDomain: z.string(),
    image: AdCreativeImage.nullable(),
    reviewStatus: z.enum(AD_REVIEW_STATUSES),
    rejectionReason: z.enum(AD_REJECTION_REASONS).nullable(),
    rejectionNote: z.string().nullable(),
    submittedAt: IsoDate,
    reviewedAt: IsoDate.nullable(),
    archivedAt: IsoDate.nullable(),
    createdAt: IsoDate,
    updatedAt: IsoDate,
    version: Version,
  })
  .meta({ id: "AdCreative" });
export type AdCreative = z.infer<typeof AdCreative>;

const CreativeContent = {
  name: AdName,
  headline: lineText()
    .min(1, { error: AD_CREATIVE_MESSAGES.headlineRequired })
    .max(AD_CREATIVE_LIMITS.headlineMax, { error: AD_CREATIVE_MESSAGES.headlineTooLong }),
  body: lineText().max(AD_CREATIVE_LIMITS.bodyMax, { error: AD_CREATIVE_MESSAGES.bodyTooLong }).default(""),
  /** Checked by the server as every address is (PD §2): "{url} is not a valid domain". */
  destinationUrl: z.string().trim().min(1).max(AD_CREATIVE_LIMITS.destinationMax),
  imageId: Uuid.nullable().default(null),
};

export const CreateAdCreative = z.strictObject({ adAccountId: Uuid, ...CreativeContent });
export type CreateAdCreative = z.input<typeof CreateAdCreative>;
export const UpdateAdCreative = z.strictObject({ ...CreativeContent, version: Version });
export type UpdateAdCreative = z.input<typeof UpdateAdCreative>;

export const AdCreativeImageRequest = z.strictObject({
  adAccountId: Uuid,
  contentType: z.enum(AD_IMAGE_TYPES, { error: AD_CREATIVE_MESSAGES.imageType }),
  size: z.int().min(1).max(AD_CREATIVE_LIMITS.imageMaxBytes, { error: AD_CREATIVE_MESSAGES.imageTooLarge }),
});
export const AdCreativeImageUpload = z
  .object({ id: Uuid, uploadUrl: z.string(), expiresAt: IsoDate })
  .meta({ id: "AdCreativeImageUpload" });
export type AdCreativeImageUpload = z.infer<typeof AdCreativeImageUpload>;

/** A creative in the admins' review queue, with whose it is. */
export const AdminAdCreative = AdCreative.extend({
  advertiserName: z.string(),
  ownerKind: z.enum(AD_OWNER_KINDS),
}).meta({ id: "AdminAdCreative" });
export type AdminAdCreative = z.infer<typeof AdminAdCreative>;

export const AdCreativeReview = z
  .strictObject({
    decision: z.enum(["APPROVE", "REJECT"]),
    reason: z.enum(AD_REJECTION_REASONS, { error: AD_CREATIVE_MESSAGES.reasonRequired }).optional(),
    note: lineText().max(AD_CREATIVE_LIMITS.noteMax, { error: AD_CREATIVE_MESSAGES.noteTooLong }).optional(),
    /** The version the admin looked at: an edit since then (a new submission) is a 409. */
    version: Version.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== "REJECT") return;
    if (!v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: AD_CREATIVE_MESSAGES.reasonRequired });
    else if (v.reason === "OTHER" && !v.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: AD_CREATIVE_MESSAGES.noteRequired });
    }
  });
export type AdCreativeReview = z.infer<typeof AdCreativeReview>;
