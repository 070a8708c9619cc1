import { z } from "zod";

/** Enumerations of docs/web-app.md#the-api */
export const Theme = z.enum(["dark", "light"]);
export type Theme = z.infer<typeof Theme>;
export const ColorModePreference = z.enum(["system", "light", "dark"]);
export type ColorModePreference = z.infer<typeof ColorModePreference>;
export const MediaType = z.enum(["IMAGE", "VIDEO"]);
export const OwnerKind = z.enum(["ORGANIZATION", "USER"]);
export const ORGANIZATION_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export const OrganizationRole = z.enum(ORGANIZATION_ROLES).meta({ id: "OrganizationRole" });
export type OrganizationRole = z.infer<typeof OrganizationRole>;
export const ContributionKind = z.enum(["CONTRIBUTION", "SITE_PAGE"]);
export const VerificationStatus = z.enum(["PENDING", "PLANNED", "VERIFIED"]);
export const BillingPeriod = z.enum(["MONTH"]);
export const ReviewSentiment = z.enum(["NEGATIVE", "POSITIVE", "EXPERT"]);
export type ReviewSentiment = z.infer<typeof ReviewSentiment>;
export { REVIEW_SENTIMENT_LABELS } from "./discussion-constants.ts";
