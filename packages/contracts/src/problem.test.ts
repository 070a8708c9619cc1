import { describe, expect, it } from "vitest";
import { PROBLEM_STATUS, problemCodeFor } from "./problem.ts";

describe("problem codes", () => {
  it("each code has one status, and invalid input is 400 or 422", () => {
    expect(PROBLEM_STATUS.invalid_request).toBe(400);
    expect(PROBLEM_STATUS.validation_failed).toBe(422);
    expect(Object.keys(PROBLEM_STATUS)).not.toContain("bad_request");
  });

  it.each([
    [404, "not_found"],
    [413, "payload_too_large"],
    [429, "rate_limited"],
    [418, "invalid_request"],
    [502, "internal_error"],
  ])("a bare %i from the framework is %s", (status, code) => {
    expect(problemCodeFor(status)).toBe(code);
  });
});
