import { describe, expect, it } from "vitest";
import { campaignListQuery, campaignQuery, campaignsHref, nextSort } from "./campaign-query.ts";

const ACCOUNT = "00000000-0000-4000-8000-000000000001";

describe("the campaigns list's address", () => {
  it("reads what it knows and drops the rest", () => {
    expect(campaignQuery(new URLSearchParams("status=PAUSED&q=%20bread%20&sort=-budget&page=3"))).toEqual({
      status: "PAUSED",
      q: "bread",
      sort: "-budget",
      page: 3,
    });
    expect(campaignQuery(new URLSearchParams("status=GONE&sort=secret&page=-1"))).toEqual({
      status: "",
      q: "",
      sort: "",
      page: 1,
    });
  });

  it("asks the API for all but archived by default, a name with a comma as one condition", () => {
    expect(campaignListQuery(ACCOUNT, { status: "", q: "a,b", sort: "", page: 1 })).toEqual({
      adAccountId: ACCOUNT,
      where: ["status!=ARCHIVED", "name||a\\,b"],
      sort: ["updatedAt,desc", "id,desc"],
      page: 0,
      size: 20,
    });
    expect(campaignListQuery(ACCOUNT, { status: "DRAFT", q: "", sort: "-spent", page: 2 })).toMatchObject({
      where: ["status==DRAFT"],
      sort: ["spentMicros,desc", "id,desc"],
      page: 1,
    });
  });

  it("writes only what differs from the defaults, and sorts ascending first", () => {
    expect(campaignsHref({ status: "", q: "", sort: "", page: 1 })).toBe("/ads/campaigns");
    expect(campaignsHref({ status: "ACTIVE", q: "x y", sort: "name", page: 2 }, { campaign: "c1" })).toBe(
      "/ads/campaigns?status=ACTIVE&q=x+y&sort=name&page=2&campaign=c1",
    );
    expect(nextSort("", "name")).toBe("name");
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBe("name");
  });
});
