import { PROBLEM_STATUS, type ProblemCode } from "@flipside/contracts/problem";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { splitProblem } from "./contribution-gate.ts";

const problem = (code: ProblemCode, detail: string, errors?: { field: string; message: string }[]) =>
  new ApiError({
    type: "about:blank",
    title: "Error",
    status: PROBLEM_STATUS[code],
    code,
    detail,
    ...(errors ? { errors } : {}),
  });

describe("splitProblem", () => {
  it.each(["invalid_request", "validation_failed"] as const)(
    "shows a %s field error on its field, whatever the status",
    (code) => {
      const error = problem(code, "Not valid.", [{ field: "attachmentIds", message: "Pick your own files" }]);
      expect(splitProblem(error, ["body", "attachmentIds"])).toEqual({
        fields: { attachmentIds: "Pick your own files" },
        toast: null,
      });
    },
  );

  it("a field error the form cannot show goes to the toast", () => {
    const error = problem("validation_failed", "That comment was deleted.", [
      { field: "parent_id", message: "That comment was deleted." },
    ]);
    expect(splitProblem(error, ["body"])).toEqual({ fields: {}, toast: "That comment was deleted." });
  });

  it("a problem without field errors is a toast with the API's detail", () => {
    expect(splitProblem(problem("rate_limited", "Slow down."))).toEqual({ fields: {}, toast: "Slow down." });
  });
});
