import { describe, expect, it } from "vitest";
import { withTimeout } from "./timeout.ts";

describe("withTimeout", () => {
  it("gives the answer in time, the fallback after 50 ms or on failure", async () => {
    expect(await withTimeout(Promise.resolve("stored"), "default")).toBe("stored");
    expect(await withTimeout(new Promise<string>(() => {}), "default")).toBe("default");
    expect(await withTimeout(Promise.reject(new Error("broken")), "default")).toBe("default");
    const started = performance.now();
    await withTimeout(new Promise<string>(() => {}), "default");
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
