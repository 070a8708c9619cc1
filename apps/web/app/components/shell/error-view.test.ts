import { describe, expect, it } from "vitest";
import { describeError } from "./error-view.tsx";

/** The shape React Router hands a boundary for a thrown `data(body, {status})`. */
const routeError = (data: unknown, status: number, statusText = "") => ({
  status,
  statusText,
  internal: false,
  data,
});

describe("describeError", () => {
  it("keeps status and message of route errors", () => {
    expect(describeError(routeError("/nope", 404, "Not Found"))).toEqual({ status: 404, message: "/nope" });
    expect(describeError(routeError({ detail: "Not yours" }, 403))).toEqual({
      status: 403,
      message: "Not yours",
    });
    expect(describeError(routeError(null, 403, "Forbidden"))).toEqual({ status: 403, message: "Forbidden" });
  });

  it("words the router's own answers for people instead of passing on its developer text", () => {
    const internal = {
      ...routeError('Error: You made a POST request to "/x" but did not provide an `action`', 405),
      internal: true,
    };
    const { status, message } = describeError(internal);
    expect(status).toBe(405);
    expect(message).toContain("This address is a page to read");
    expect(message).not.toContain("action");
    expect(describeError({ ...routeError("Error: internal", 418), internal: true }).message).toBe(
      "Something went wrong. Please try again.",
    );
  });

  it("treats anything else as a 500", () => {
    expect(describeError(new Error("boom"))).toEqual({ status: 500, message: "boom" });
    expect(describeError("weird")).toEqual({ status: 500, message: "Something went wrong." });
  });
});
