import { z } from "zod";
import {
  AD_ACCOUNT_STATUSES,
  AD_LIMITS,
  AD_OWNER_KINDS,
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
