import {
  DEFAULT_POPULAR_WINDOW,
  isPopularWindow,
  type PopularWindow,
  type RankedSort,
} from "@flipside/contracts/discovery-constants";
import type { SitePageView } from "@flipside/contracts/discussion";
import type { Topic } from "@flipside/contracts/topics";
import { type AppLoadContext, data } from "react-router";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError, type ListPage } from "../../lib/api.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { createDiscussionClient } from "./discussion-client.ts";

export interface RankingData {
  sort: RankedSort;
  window: PopularWindow;
  /** `?site=` as given (the API compares its registrable domain). */
  site: string | null;
  topic: Topic | null;
  /** 1-based. */
  page: number;
  pages: ListPage<SitePageView>;
}

const SITE_MAX_LENGTH = 253;

/**
 * `/trending` and `/popular` (docs/discovery.md): one page of the ranking, narrowed by `?site=`
 * and `?topic=`; popular in `?window=` (a week unless it names another). An unknown topic is the
 * 404 page; a site nobody flipped simply lists nothing.
 */
export async function loadRanking(
  context: AppLoadContext,
  request: Request,
  sort: RankedSort,
): Promise<RankingData> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const site = params.get("site")?.trim().toLowerCase().slice(0, SITE_MAX_LENGTH) || null;
  const slug = params.get("topic")?.trim() || null;
  if (slug !== null && !/^[a-z0-9-]{1,80}$/.test(slug)) throw data(url.pathname, { status: 404 });
  const requested = params.get("window");
  const window = isPopularWindow(requested) ? requested : DEFAULT_POPULAR_WINDOW;
  const page = parsePageNumber(params.get("page"));
  const api = serverApi(context);
  try {
    const [topic, pages] = await Promise.all([
      slug ? api.get<Topic>(`/v1/topics/${slug}`) : Promise.resolve(null),
      createDiscussionClient(api).rankedPages({ sort, window, site, topic: slug, page: page - 1 }),
    ]);
    return { sort, window, site, topic, page, pages };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(url.pathname, { status: 404 });
    throw error;
  }
}
