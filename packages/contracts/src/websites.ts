import { z } from "zod";
import { PlanId } from "./billing.ts";
import { ProfileRef, SiteNotice, SitePageRef } from "./discussion.ts";
import { OwnerKind, ReviewSentiment, VerificationStatus } from "./enums.ts";
import { lineText, multilineText } from "./text.ts";
import {
  OWNER_INVITE_MESSAGE_MAX_LENGTH,
  SITE_NOTICE_MAX_LENGTH,
  VERIFICATION_METHODS,
  WEBSITE_MESSAGES,
} from "./website-proof.ts";

const Uuid = z.uuid();
const IsoDate = z.iso.datetime();

export const VerificationMethod = z.enum(VERIFICATION_METHODS).meta({ id: "VerificationMethod" });

/** A domain or any address on it: the server finds the site (eTLD+1) it belongs to. */
export const CreateSiteClaim = z.strictObject({
  address: lineText().min(1, WEBSITE_MESSAGES.addressRequired).max(2048),
  /** Claim it for this organisation (you must be one of its OWNERs or ADMINs) instead of yourself. */
  organizationId: z.uuid().nullish(),
});

/** `organizationId`: the organisation's websites instead of your own. */
export const SiteClaimScope = z.object({ organizationId: z.uuid().optional() });

export const CheckSiteClaim = z.strictObject({ method: VerificationMethod });

export const SiteCheck = z
  .object({
    date: IsoDate,
    method: VerificationMethod,
    ok: z.boolean(),
    /** What the check found, in words: "the home page answered 403". */
    message: z.string(),
  })
  .meta({ id: "SiteCheck" });

/** One of your claims to a site, with what the websites list shows of it. */
export const SiteClaim = z
  .object({
    /** The claim's id: the `claimUuid` official responses carry once it is verified. */
    id: Uuid,
    siteId: Uuid,
    /** The registrable domain, in punycode ("xn--bcher-kva.example"). */
    domain: z.string(),
    /** The same in Unicode, for people ("bücher.example"). */
    unicodeDomain: z.string(),
    status: VerificationStatus,
    ownerKind: OwnerKind,
    /** The organisation the claim is for (ownerKind ORGANIZATION). */
    organizationId: Uuid.nullable(),
    /** True when another owner verified the site first: this claim cannot win while they hold it. */
    verifiedByAnother: z.boolean(),
    /** The site's plan (docs/money.md#plans): Free unless this claim verified it and a paid plan is live. */
    plan: PlanId,
    /** The way last chosen, or the one that proved it. */
    method: VerificationMethod.nullable(),
    /** What your proof must hold. */
    token: z.string(),
    lastCheck: SiteCheck.nullable(),
    /** When Flipside checks again on its own (PLANNED re-tries, a verified site's daily re-check). */
    nextCheckDate: IsoDate.nullable(),
    /** A verified site whose proof is missing since then returns to PENDING after the grace period. */
    failingSince: IsoDate.nullable(),
    /** When a failing verified site returns to PENDING, if its proof is still missing. */
    demotionDate: IsoDate.nullable(),
    /** When PLANNED re-tries stop. */
    retriesEndDate: IsoDate.nullable(),
    verifiedDate: IsoDate.nullable(),
    createdDate: IsoDate,
    counts: z.object({ pages: z.int(), comments: z.int(), reviews: z.int() }),
  })
  .meta({ id: "SiteClaim" });
export type SiteClaim = z.infer<typeof SiteClaim>;

export const SiteActivity = z
  .object({
    id: Uuid,
    contributionType: z.enum(["COMMENT", "REPLY", "REVIEW"]),
    sitePage: SitePageRef,
    author: ProfileRef.nullable(),
    /** Plain text, shortened. */
    excerpt: z.string(),
    sentiment: ReviewSentiment.nullable(),
    official: z.boolean(),
    createdDate: IsoDate,
  })
  .meta({ id: "SiteActivity" });
export type SiteActivity = z.infer<typeof SiteActivity>;

/** A claim with its site's details: what /profile/websites/{domain} shows. */
export const SiteClaimDetail = SiteClaim.extend({
  topPages: z.array(SitePageRef.extend({ commentCount: z.int(), reviewCount: z.int() })),
  recent: z.array(SiteActivity),
  /** Reviews per month, oldest first (the last twelve months with any). */
  sentiment: z.array(z.object({ month: z.string(), POSITIVE: z.int(), NEGATIVE: z.int(), EXPERT: z.int() })),
  /** The notice saved for the site's pages (shown there while the plan is Business). */
  notice: SiteNotice.nullable(),
}).meta({ id: "SiteClaimDetail" });

/** The owner's notice for every page of the site; empty removes it. */
export const SaveSiteNotice = z
  .strictObject({
    body: multilineText().trim().max(SITE_NOTICE_MAX_LENGTH, `At most ${SITE_NOTICE_MAX_LENGTH} characters.`),
  })
  .meta({ id: "SaveSiteNotice" });

export const SiteNoticeAnswer = z.object({ notice: SiteNotice.nullable() }).meta({ id: "SiteNoticeAnswer" });
export type SiteClaimDetail = z.infer<typeof SiteClaimDetail>;

export const InviteSiteOwner = z
  .strictObject({
    siteId: Uuid.optional(),
    sitePage_id: Uuid.optional(),
    email: z.email({ error: WEBSITE_MESSAGES.inviteEmailRequired }).max(254),
    message: multilineText()
      .max(OWNER_INVITE_MESSAGE_MAX_LENGTH, `At most ${OWNER_INVITE_MESSAGE_MAX_LENGTH} characters.`)
      .optional(),
  })
  .refine((v) => (v.siteId ? 1 : 0) + (v.sitePage_id ? 1 : 0) === 1, {
    message: "Name the site (siteId) or one of its pages (sitePage_id), not both.",
    path: ["siteId"],
  });
