import { z } from "zod";
import { ContributionType, SitePageView } from "./discussion.ts";
import { SEARCH_QUERY_MAX_LENGTH } from "./search-constants.ts";

/** [start, end) UTF-16 ranges of the text to highlight. */
const Marks = z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)]));

export const SearchQuery = z
  .string()
  .trim()
  .min(1, "Type something to search for.")
  .max(SEARCH_QUERY_MAX_LENGTH, `At most ${SEARCH_QUERY_MAX_LENGTH} characters.`);

export const PageSearchResult = z
  .object({
    page: SitePageView,
    /** Where the page's title holds the words searched for. */
    titleMarks: Marks,
    /** The best matching piece of its discussion, when the discussion matched. */
    snippet: z
      .object({
        contributionId: z.uuid(),
        kind: ContributionType,
        text: z.string(),
        marks: Marks,
      })
      .nullable(),
  })
  .meta({ id: "PageSearchResult" });
export type PageSearchResult = z.infer<typeof PageSearchResult>;

export const PageSuggestion = z
  .object({
    id: z.uuid(),
    /** The page's title, or its short address when it has none. */
    label: z.string(),
    labelMarks: Marks,
    normalizedUrl: z.string(),
    displayUrl: z.string(),
    domain: z.string(),
    faviconUrl: z.string().nullable(),
  })
  .meta({ id: "PageSuggestion" });
export type PageSuggestion = z.infer<typeof PageSuggestion>;
