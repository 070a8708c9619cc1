import type { Resolver } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { lazyResolver, RULES_UNAVAILABLE } from "./lazy-resolver.ts";

type Values = { body: string };
const args = [
  { body: "hi" },
  undefined,
  { fields: {}, shouldUseNativeValidation: false },
] as unknown as Parameters<Resolver<Values>>;

describe("lazyResolver", () => {
  it("loads the rules once, on the first check, and answers with them", async () => {
    const rules = vi.fn(async (values: Values) => ({ values, errors: {} }));
    const load = vi.fn(async () => rules as unknown as Resolver<Values>);
    const resolver = lazyResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver(...args)).resolves.toEqual({ values: { body: "hi" }, errors: {} });
    await resolver(...args);
    expect(load).toHaveBeenCalledTimes(1);
    expect(rules).toHaveBeenCalledTimes(2);
  });

  it("refuses to send while the rules cannot load, and tries again on the next check", async () => {
    const rules = async (values: Values) => ({ values, errors: {} });
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce(rules as unknown as Resolver<Values>);
    const resolver = lazyResolver<Values, Values>(load);
    resolver.preload();
    const refused = await resolver(...args);
    expect(refused.errors).toEqual({ root: { type: "unavailable", message: RULES_UNAVAILABLE } });
    expect(refused.values).toEqual({});
    await expect(resolver(...args)).resolves.toEqual({ values: { body: "hi" }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
