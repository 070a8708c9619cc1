import { z } from "zod";
import {
  CUSTOM_TAB_ATTACHMENTS,
  CUSTOM_TAB_AUTHORS,
  CUSTOM_TAB_KINDS,
  CUSTOM_TAB_MESSAGES,
  CUSTOM_TAB_MIN_SCORE_LIMIT,
  CUSTOM_TAB_NAME_MAX_LENGTH,
  CUSTOM_TAB_SORTS,
  type CustomTabFilter as CustomTabFilterShape,
} from "./custom-tab-filter.ts";
import { ReviewSentiment } from "./enums.ts";
import { lineText } from "./text.ts";

const Uuid = z.uuid();
const IsoDate = z.iso.datetime();

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

export const CustomTabFilter = z
  .strictObject({
    kinds: z
      .array(z.enum(CUSTOM_TAB_KINDS))
      .min(1, CUSTOM_TAB_MESSAGES.kindsRequired)
      .refine(unique, "Each kind once"),
    sentiments: z.array(ReviewSentiment).refine(unique, "Each sentiment once").default([]),
    author: z.enum(CUSTOM_TAB_AUTHORS).default("anyone"),
    organizationId: Uuid.nullable()
      .default(null)
      .describe('With author "organization": an organisation the tab\'s owner belongs to'),
    minScore: z
      .int({ error: CUSTOM_TAB_MESSAGES.minScore })
      .min(-CUSTOM_TAB_MIN_SCORE_LIMIT, CUSTOM_TAB_MESSAGES.minScore)
      .max(CUSTOM_TAB_MIN_SCORE_LIMIT, CUSTOM_TAB_MESSAGES.minScore)
      .nullable()
      .default(null),
    attachments: z.enum(CUSTOM_TAB_ATTACHMENTS).default("any"),
    sort: z.enum(CUSTOM_TAB_SORTS).default("newest"),
  })
  .superRefine((value, ctx) => {
    if (value.author === "organization" && !value.organizationId) {
      ctx.addIssue({
        code: "custom",
        path: ["organizationId"],
        message: CUSTOM_TAB_MESSAGES.organizationRequired,
      });
    }
    if (value.author !== "organization" && value.organizationId) {
      ctx.addIssue({
        code: "custom",
        path: ["organizationId"],
        message: CUSTOM_TAB_MESSAGES.organizationOnlyWithMembers,
      });
    }
    if (value.sentiments.length > 0 && !value.kinds.includes("REVIEW")) {
      ctx.addIssue({
        code: "custom",
        path: ["sentiments"],
        message: CUSTOM_TAB_MESSAGES.sentimentsNeedReviews,
      });
    }
  })
  .meta({ id: "CustomTabFilter" }) satisfies z.ZodType<CustomTabFilterShape, unknown>;

const TabName = lineText()
  .min(1, CUSTOM_TAB_MESSAGES.nameRequired)
  .max(CUSTOM_TAB_NAME_MAX_LENGTH, CUSTOM_TAB_MESSAGES.nameTooLong);

export const CustomTab = z
  .object({
    id: Uuid,
    name: z.string(),
    filter: CustomTabFilter,
    /** The filter in words: "Reviews · positive reviews · newest first". */
    description: z.string(),
    /** 0 first; tabs show on a page view in this order, after the built-in ones. */
    position: z.int(),
    createdDate: IsoDate,
    updatedDate: IsoDate,
  })
  .meta({ id: "CustomTab" });
export type CustomTab = z.infer<typeof CustomTab>;

export const CreateCustomTab = z
  .strictObject({ name: TabName, filter: CustomTabFilter })
  .meta({ id: "CreateCustomTab" });
export type CreateCustomTab = z.input<typeof CreateCustomTab>;

export const UpdateCustomTab = z
  .strictObject({ name: TabName.optional(), filter: CustomTabFilter.optional() })
  .meta({ id: "UpdateCustomTab" });
export type UpdateCustomTab = z.input<typeof UpdateCustomTab>;

/** A query string, so without a schema id: OpenAPI lists its parameters one by one. */
export const CustomTabContributionsQuery = z.object({
  sitePage_id: Uuid.describe("The page whose contributions the tab shows"),
  page: z.coerce.number().int().min(0).max(10_000).default(0).describe("0-based page number"),
  size: z.coerce.number().int().min(1).max(100).default(10).describe("Items per page"),
});

export const CustomTabOrder = z.strictObject({ ids: z.array(Uuid).max(100) }).meta({ id: "CustomTabOrder" });
export type CustomTabOrder = z.input<typeof CustomTabOrder>;
