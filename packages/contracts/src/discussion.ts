import { z } from "zod";
import { servedAddress } from "./addresses.ts";
import {
  BODY_MAX_LENGTH,
  DISCUSSION_MESSAGES,
  EXPERTISE_MAX_LENGTH,
  MAX_IMAGES_PER_CONTRIBUTION,
  REASON_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  URL_INPUT_MAX_LENGTH,
} from "./discussion-constants.ts";
import { ContributionKind, MediaType, OwnerKind, ReviewSentiment, VerificationStatus } from "./enums.ts";
import { lineText, multilineText } from "./text.ts";
import { Topic } from "./topics.ts";

/**
 * The discussion API shared by server and web: site pages, comments and replies, votes,
 * reviews, related pages, notes, contributions and attachments (issue 4, docs/discussion.md,
 * docs/discussion.md). Field names follow docs/web-app.md#the-api where it names them (`sitePage_id`,
 * `parent_id`, `replySize`, `contributionType`, `claimUuid`, `createdDate`, `deleted`).
 */

export * from "./discussion-constants.ts";

/** The kinds of contributions (`contributionType`): replies carry REPLY. */
export const ContributionType = z.enum(["COMMENT", "REPLY", "REVIEW", "RELATED_PAGE"]);
export type ContributionType = z.infer<typeof ContributionType>;
export const NoteVisibility = z.enum(["PRIVATE", "ORGANIZATION", "PUBLIC"]);
export type NoteVisibility = z.infer<typeof NoteVisibility>;
/** The viewer's own vote: 1 up, -1 down, 0 none. */
export const VoteValue = z.union([z.literal(1), z.literal(0), z.literal(-1)]);
export type VoteValue = z.infer<typeof VoteValue>;

const Uuid = z.uuid();
const IsoDate = z.iso.datetime();
const Body = multilineText()
  .trim()
  .min(1, DISCUSSION_MESSAGES.bodyRequired)
  .max(BODY_MAX_LENGTH, DISCUSSION_MESSAGES.bodyTooLong);
const Title = lineText()
  .min(1, DISCUSSION_MESSAGES.titleRequired)
  .max(TITLE_MAX_LENGTH, DISCUSSION_MESSAGES.titleTooLong);

// ---------------------------------------------------------------------------- responses

/**
 * The public face of an author; null in a DTO when the contribution was deleted (it names
 * nobody) or the account was erased ("deleted user").
 */
export const ProfileRef = z
  .object({ id: Uuid, displayName: z.string(), imageUrl: servedAddress().nullable() })
  .meta({ id: "ProfileRef" });
export type ProfileRef = z.infer<typeof ProfileRef>;

/** A verified site owner's words pinned above the discussion of every page of the site (Business plan). */
export const SiteNotice = z.object({ body: z.string(), updatedDate: IsoDate }).meta({ id: "SiteNotice" });
export type SiteNotice = z.infer<typeof SiteNotice>;

export const Site = z
  .object({
    id: Uuid,
    domain: z.string(),
    verificationStatus: VerificationStatus,
    ownerKind: OwnerKind.nullable(),
    ownerId: Uuid.nullable(),
    /** The owner's notice, while the site's plan has it. */
    notice: SiteNotice.nullable(),
  })
  .meta({ id: "Site" });
export type Site = z.infer<typeof Site>;

export const SitePage = z
  .object({
    id: Uuid,
    rawUrl: z.string(),
    normalizedUrl: z.string(),
    displayUrl: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    site: Site,
    commentCount: z.number().int(),
    reviewCount: z.number().int(),
    relatedCount: z.number().int(),
    up: z.number().int(),
    down: z.number().int(),
    score: z.number().int(),
    /** When the server last read the page itself for its title (null: not yet, or never). */
    fetchedDate: IsoDate.nullable(),
    createdDate: IsoDate,
    /**
     * Hidden by moderators: what was read from the page itself (title, description, icon) is not
     * given, no list offers the page, and it takes no new contributions; its discussion so far
     * stays readable.
     */
    hidden: z.boolean(),
  })
  .meta({ id: "SitePage" });
export type SitePage = z.infer<typeof SitePage>;

/** The few fields that name a page inside another object (a related page, a note, a contribution). */
export const SitePageRef = z
  .object({
    id: Uuid,
    rawUrl: z.string(),
    normalizedUrl: z.string(),
    displayUrl: z.string(),
    title: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    domain: z.string(),
    /** Hidden by moderators (then no title and no icon). */
    hidden: z.boolean(),
  })
  .meta({ id: "SitePageRef" });
export type SitePageRef = z.infer<typeof SitePageRef>;

export const Note = z
  .object({
    id: Uuid,
    sitePage_id: Uuid,
    sitePage: SitePageRef,
    title: z.string(),
    body: z.string(),
    /** `body` rendered from markdown and sanitized: safe to insert as HTML. */
    bodyHtml: z.string(),
    pinned: z.boolean(),
    visibility: NoteVisibility,
    organizationId: Uuid.nullable(),
    profile: ProfileRef,
    createdDate: IsoDate,
    updatedDate: IsoDate,
  })
  .meta({ id: "Note" });
export type Note = z.infer<typeof Note>;

/** A site page as the page view loads it: with the viewer's vote and the viewer's notes on it. */
export const SitePageView = SitePage.extend({
  myVote: VoteValue,
  /** The signed-in viewer's own notes of this page, pinned first (empty when anonymous). */
  notes: z.array(Note),
  /** The site's most suggested topics, at most three (docs/topics.md); in lists of pages. */
  topics: z.array(Topic).optional(),
  /** Its live reviews by sentiment; in lists of pages. */
  sentiment: z
    .object({ positive: z.number().int(), negative: z.number().int(), expert: z.number().int() })
    .optional(),
  /** Contributions and votes counted in the asked window (`sort=popular`, docs/discovery.md). */
  activityCount: z.number().int().optional(),
}).meta({ id: "SitePageView" });
export type SitePageView = z.infer<typeof SitePageView>;

/**
 * What a page view shows only to its signed-in viewer: their vote on the page, their notes of it,
 * and their votes on the page's contributions (its comments, replies, reviews and related pages).
 * The page view's HTML is the same for everyone; this fills it in (docs/caches.md).
 */
export const MyPageState = z
  .object({
    sitePage_id: Uuid,
    myVote: VoteValue,
    notes: z.array(Note),
    /** Contribution id → the viewer's vote; contributions without one are absent. */
    votes: z.record(z.string(), VoteValue),
    /** Whether the viewer follows this page and its site (docs/follows.md). */
    following: z.object({ page: z.boolean(), site: z.boolean() }),
  })
  .meta({ id: "MyPageState" });
export type MyPageState = z.infer<typeof MyPageState>;

export const Attachment = z
  .object({
    id: Uuid,
    type: MediaType,
    url: servedAddress(),
    thumbnailUrl: servedAddress().nullable(),
    contentType: z.string(),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: "Attachment" });
export type Attachment = z.infer<typeof Attachment>;

const ContributionBase = {
  id: Uuid,
  sitePage_id: Uuid,
  /** The author, or null for a deleted contribution or an erased account. */
  author: ProfileRef.nullable(),
  /** Markdown source (empty once deleted). */
  body: z.string(),
  /** `body` rendered from markdown and sanitized: safe to insert as HTML. */
  bodyHtml: z.string(),
  /** Set on official responses: the author speaks for the verified site. */
  claimUuid: Uuid.nullable(),
  up: z.number().int(),
  down: z.number().int(),
  score: z.number().int(),
  myVote: VoteValue,
  deleted: z.boolean(),
  /** Hidden by moderators (then `deleted` too: a placeholder with no text and no author). */
  hidden: z.boolean(),
  edited: z.boolean(),
  editedDate: IsoDate.nullable(),
  createdDate: IsoDate,
};

export const Comment = z
  .object({
    ...ContributionBase,
    contributionType: z.enum(["COMMENT", "REPLY"]),
    /** The thread's root for replies (a reply to a reply stays in its thread); null for comments. */
    parent_id: Uuid.nullable(),
    /** The reply this one answers, when it answers a reply rather than the thread's root. */
    inReplyTo: z.object({ id: Uuid, author: ProfileRef.nullable() }).nullable(),
    replySize: z.number().int(),
    attachments: z.array(Attachment),
    /**
     * A reply of someone the viewer blocked: shown collapsed as "a reply from someone you blocked",
     * so the thread keeps its shape (then `deleted` too: no text, no author).
     */
    blocked: z.boolean(),
  })
  .meta({ id: "Comment" });
export type Comment = z.infer<typeof Comment>;

export const Review = z
  .object({
    ...ContributionBase,
    contributionType: z.literal("REVIEW"),
    parent_id: Uuid.nullable(),
    replySize: z.number().int(),
    sentiment: ReviewSentiment,
    /** "Positive", "Negative" or "Expert". */
    sentimentLabel: z.string(),
    title: z.string(),
    /** The author's stated expertise (EXPERT reviews only). */
    expertise: z.string().nullable(),
  })
  .meta({ id: "Review" });
export type Review = z.infer<typeof Review>;

export const ReviewSummary = z
  .object({
    sitePage_id: Uuid,
    total: z.number().int(),
    counts: z.object({ POSITIVE: z.number().int(), NEGATIVE: z.number().int(), EXPERT: z.number().int() }),
  })
  .meta({ id: "ReviewSummary" });
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export const RelatedPage = z
  .object({
    id: Uuid,
    contributionType: z.literal("RELATED_PAGE"),
    /** The page this link is seen from (the one filtered by `sitePage_id==`). */
    sitePage_id: Uuid,
    /** The OTHER page of the pair. */
    relatedPage: SitePageRef,
    /** Shortcuts to the other page's address, title, domain and favicon. */
    url: z.string(),
    title: z.string().nullable(),
    domain: z.string(),
    faviconUrl: z.string().nullable(),
    reason: z.string(),
    reasonHtml: z.string(),
    author: ProfileRef.nullable(),
    up: z.number().int(),
    down: z.number().int(),
    score: z.number().int(),
    myVote: VoteValue,
    createdDate: IsoDate,
  })
  .meta({ id: "RelatedPage" });
export type RelatedPage = z.infer<typeof RelatedPage>;

/** One entry of a profile's public activity (`GET /v1/contributions`). */
export const Contribution = z
  .object({
    ...ContributionBase,
    contributionType: ContributionType,
    parent_id: Uuid.nullable(),
    replySize: z.number().int(),
    sitePage: SitePageRef,
    review: z
      .object({ sentiment: ReviewSentiment, title: z.string(), expertise: z.string().nullable() })
      .nullable(),
    relatedPage: SitePageRef.nullable(),
  })
  .meta({ id: "Contribution" });
export type Contribution = z.infer<typeof Contribution>;

export const VoteResult = z
  .object({
    contributionId: Uuid,
    kind: ContributionKind,
    up: z.number().int(),
    down: z.number().int(),
    score: z.number().int(),
    /** The viewer's vote after this request. */
    vote: VoteValue,
  })
  .meta({ id: "VoteResult" });
export type VoteResult = z.infer<typeof VoteResult>;

export const AttachmentUploadAddress = z
  .object({
    id: Uuid,
    /** One-time address: POST the file there as the multipart field `file`. */
    uploadUrl: servedAddress(),
    expiresDate: IsoDate,
  })
  .meta({ id: "AttachmentUploadAddress" });
export type AttachmentUploadAddress = z.infer<typeof AttachmentUploadAddress>;

// ---------------------------------------------------------------------------- requests

export const FlipRequest = z
  .strictObject({
    url: z.string().max(URL_INPUT_MAX_LENGTH),
    /** true: only resolve a known page, never create one (404 when unknown). */
    back: z.boolean().default(false),
  })
  .meta({ id: "FlipRequest" });
export type FlipRequest = z.input<typeof FlipRequest>;

const AttachmentIds = z.array(Uuid).max(MAX_IMAGES_PER_CONTRIBUTION, DISCUSSION_MESSAGES.attachmentsInvalid);

export const CreateComment = z
  .strictObject({
    sitePage_id: Uuid,
    /** Answer a comment or a reply (the thread's root becomes the parent). */
    parent_id: Uuid.nullish(),
    body: Body,
    attachmentIds: AttachmentIds.optional(),
    /**
     * A verified owner's comment on their site is an official response unless this is false
     * (they speak as themselves). Anyone else's comment is never official, whatever this says.
     */
    official: z.boolean().optional(),
  })
  .meta({ id: "CreateComment" });
export type CreateComment = z.input<typeof CreateComment>;

export const UpdateComment = z
  .strictObject({ body: Body, attachmentIds: AttachmentIds.optional() })
  .meta({ id: "UpdateComment" });
export type UpdateComment = z.input<typeof UpdateComment>;

export const CreateReview = z
  .strictObject({
    sitePage_id: Uuid,
    sentiment: ReviewSentiment,
    title: Title,
    body: Body,
    expertise: lineText().max(EXPERTISE_MAX_LENGTH).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.sentiment === "EXPERT" && !value.expertise) {
      ctx.addIssue({ code: "custom", path: ["expertise"], message: DISCUSSION_MESSAGES.expertiseRequired });
    }
  })
  .meta({ id: "CreateReview" });
export type CreateReview = z.input<typeof CreateReview>;

export const CreateRelatedPage = z
  .strictObject({
    sitePage_id: Uuid,
    url: z.string().max(URL_INPUT_MAX_LENGTH),
    reason: multilineText().trim().max(REASON_MAX_LENGTH).optional(),
  })
  .meta({ id: "CreateRelatedPage" });
export type CreateRelatedPage = z.input<typeof CreateRelatedPage>;

export const VoteRequest = z
  .strictObject({
    /** The contribution's id, or the site page's id when kind is SITE_PAGE. */
    contributionId: Uuid,
    vote: VoteValue,
    kind: ContributionKind.default("CONTRIBUTION"),
  })
  .meta({ id: "VoteRequest" });
export type VoteRequest = z.input<typeof VoteRequest>;

const NoteBody = multilineText().max(BODY_MAX_LENGTH, DISCUSSION_MESSAGES.bodyTooLong);

export const CreateNote = z
  .strictObject({
    sitePage_id: Uuid,
    title: Title,
    body: NoteBody.default(""),
    pinned: z.boolean().default(false),
    visibility: NoteVisibility.default("PRIVATE"),
    organizationId: Uuid.nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.visibility === "ORGANIZATION" && !value.organizationId) {
      ctx.addIssue({
        code: "custom",
        path: ["organizationId"],
        message: DISCUSSION_MESSAGES.organizationRequired,
      });
    }
  })
  .meta({ id: "CreateNote" });
export type CreateNote = z.input<typeof CreateNote>;

/** Any subset of a note's fields; the others keep their value. */
export const UpdateNote = z
  .strictObject({
    title: Title.optional(),
    body: NoteBody.optional(),
    pinned: z.boolean().optional(),
    visibility: NoteVisibility.optional(),
    organizationId: Uuid.nullish(),
  })
  .meta({ id: "UpdateNote" });
export type UpdateNote = z.input<typeof UpdateNote>;

export const AttachmentUrlRequest = z
  .strictObject({
    type: MediaType,
    /** The client's local object URL of the chosen file (docs/web-app.md#the-api); not used by the server. */
    url: z.string().max(URL_INPUT_MAX_LENGTH).optional(),
    fileName: z.string().max(255).optional(),
    size: z.number().int().nonnegative().optional(),
    contentType: z.string().max(255).optional(),
  })
  .meta({ id: "AttachmentUrlRequest" });
export type AttachmentUrlRequest = z.input<typeof AttachmentUrlRequest>;

export const ImageAttachmentUrlRequest = AttachmentUrlRequest.extend({ type: z.literal("IMAGE") }).meta({
  id: "ImageAttachmentUrlRequest",
});
export const VideoAttachmentUrlRequest = AttachmentUrlRequest.extend({ type: z.literal("VIDEO") }).meta({
  id: "VideoAttachmentUrlRequest",
});
