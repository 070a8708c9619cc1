import { describe, expect, it } from "vitest";
import { buildApiUrl } from "../../lib/api.ts";
import { escapeFilterValue } from "../../lib/search-and.ts";
import { listQueries } from "./discussion-client.ts";

describe("list queries (docs/web-app.md#constants)", () => {
  it("asks for a page's comments 25 at a time, official responses then newest first", () => {
    expect(buildApiUrl("/v1/site-page-comments", listQueries.comments("p1", 2))).toBe(
      "/api/v1/site-page-comments?searchAnd=sitePage_id%3D%3Dp1%2CCOMMENT&page=2&size=25&sort=claimUuid%2Cdesc&sort=createdDate%2Cdesc",
    );
  });
  it("has the Oldest and Top orders of the sort menu", () => {
    expect(listQueries.comments("p1", 0, "oldest").sort).toEqual(["createdDate,asc"]);
    expect(listQueries.comments("p1", 0, "top").sort).toEqual(["top,desc"]);
  });
  it("uses the page sizes of docs/web-app.md#constants for reviews and related pages", () => {
    expect(listQueries.reviews("p1").size).toBe(10);
    expect(listQueries.related("p1").size).toBe(5);
    expect(listQueries.replies("c1")).toMatchObject({
      searchAnd: "parent_id==c1",
      sort: ["createdDate,asc"],
    });
  });
  it("keeps searched text from adding conditions of its own", () => {
    expect(escapeFilterValue("a,b\\c")).toBe("a\\,b\\\\c");
  });
  it("asks for a ranking alone, with popular's window and a site or topic that cannot add conditions", () => {
    expect(buildApiUrl("/v1/site-pages", listQueries.ranked({ sort: "trending" }))).toBe(
      "/api/v1/site-pages?sort=trending&page=0&size=20",
    );
    expect(
      listQueries.ranked({ sort: "popular", window: "day", site: "a.com,id==x", topic: "news", page: 2 }),
    ).toEqual({
      sort: ["popular"],
      page: 2,
      size: 20,
      window: "day",
      searchAnd: "domain==a.com\\,id==x,topic==news",
    });
    expect(listQueries.ranked({ sort: "popular" }).window).toBe("week");
  });
});
