import { beforeEach, describe, expect, it, vi } from "vitest";

const calls: string[] = [];
vi.mock("sonner", () => {
  const record = (name: string) => (message?: string) => {
    calls.push(message === undefined ? name : `${name}:${message}`);
    return calls.length;
  };
  return {
    toast: {
      dismiss: record("dismiss"),
      success: record("success"),
      error: record("error"),
      warning: record("warning"),
      info: record("info"),
    },
  };
});

const { notify } = await import("./toast.ts");

describe("notify", () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it("dismisses whatever is showing before each new toast (one at a time)", () => {
    notify.success("Link copied");
    notify.error("Could not copy the link");
    notify.warning("Careful");
    notify.info("Dark mode on");
    expect(calls).toEqual([
      "dismiss",
      "success:Link copied",
      "dismiss",
      "error:Could not copy the link",
      "dismiss",
      "warning:Careful",
      "dismiss",
      "info:Dark mode on",
    ]);
  });
});
