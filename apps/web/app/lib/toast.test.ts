import type { toast as sonnerToast } from "sonner";
import { describe, expect, it } from "vitest";
import { notify, toastQueue } from "./toast.ts";

const calls: string[] = [];
const record = (name: string) => (message?: unknown) => {
  calls.push(message === undefined ? name : `${name}:${String(message)}`);
  return calls.length;
};
const fakeToast = {
  dismiss: record("dismiss"),
  success: record("success"),
  error: record("error"),
  warning: record("warning"),
  info: record("info"),
} as unknown as typeof sonnerToast;

describe("notify", () => {
  it("keeps the latest toast until the toaster listens, then sends each one, one at a time", () => {
    let asked = 0;
    const stop = toastQueue.subscribe(() => asked++);
    notify.info("First");
    notify.error("Could not copy the link");
    expect(asked).toBe(2);
    expect(toastQueue.pending()).toEqual({ mode: "error", message: "Could not copy the link" });
    notify.dismiss();
    expect(toastQueue.pending()).toBeNull();
    notify.warning("Careful");

    toastQueue.ready(fakeToast);
    expect(calls).toEqual(["dismiss", "warning:Careful"]);
    expect(toastQueue.pending()).toBeNull();

    notify.success("Link copied");
    notify.info("Dark mode on");
    expect(calls).toEqual([
      "dismiss",
      "warning:Careful",
      "dismiss",
      "success:Link copied",
      "dismiss",
      "info:Dark mode on",
    ]);
    stop();
  });
});
