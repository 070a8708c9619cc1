import type { RelatedPage } from "@flipside/contracts/discussion";
import type { Storage } from "../../lib/storage.ts";
import { presentPageRef, presentProfileRef, renderMarkdownCached, voteValue } from "../discussion/index.ts";
import type { RelatedListRow } from "./related-pages.repository.ts";

/** docs/discussion.md#related-pages: the url, title and domain shown are the OTHER page's. */
export function presentRelatedPage(row: RelatedListRow, storage: Storage): RelatedPage {
  const { c } = row;
  const other = presentPageRef(row.other, row.otherDomain);
  return {
    id: c.id,
    contributionType: "RELATED_PAGE",
    sitePage_id: row.thisId,
    relatedPage: other,
    url: other.displayUrl,
    title: other.title,
    domain: other.domain,
    faviconUrl: other.faviconUrl,
    reason: c.body,
    reasonHtml: c.body ? renderMarkdownCached(c.body) : "",
    author: presentProfileRef(row.author, storage),
    up: c.upCount,
    down: c.downCount,
    score: c.score,
    myVote: voteValue(row.myVote),
    createdDate: c.createdAt.toISOString(),
  };
}
