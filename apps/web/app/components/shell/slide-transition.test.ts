import { describe, expect, it } from "vitest";
import { pathDepth, slideDirection } from "./slide-transition.tsx";

describe("slide transitions", () => {
  it("measure depth in path segments", () => {
    expect(pathDepth("/")).toBe(0);
    expect(pathDepth("/ads")).toBe(1);
    expect(pathDepth("/profile/websites/example.com/")).toBe(3);
  });

  it("slide left when going deeper, right otherwise (docs/web-app.md#routes-and-layouts)", () => {
    expect(slideDirection("/ads", "/ads/campaigns")).toBe("left");
    expect(slideDirection("/ads/campaigns", "/ads")).toBe("right");
    expect(slideDirection("/ads/campaigns", "/ads/billing")).toBe("right");
  });
});
