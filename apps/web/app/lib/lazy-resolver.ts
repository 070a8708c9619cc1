import type { FieldValues, Resolver } from "react-hook-form";
import { notify } from "./toast.ts";

export const RULES_UNAVAILABLE = "Could not check the form. Check your connection and try again.";

/**
 * A form's resolver whose rules (a contract schema and zod) load the first time the form is
 * checked, on the first blur or submit, instead of with the page (decision 013). A failed load
 * keeps the form from sending, says so, and is tried again on the next check.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): Resolver<TInput, unknown, TOutput> & { preload(): void } {
  let ready: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const loaded = () => {
    ready ??= load().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const resolver = async (...args: Parameters<Resolver<TInput, unknown, TOutput>>) => {
    let resolve: Resolver<TInput, unknown, TOutput>;
    try {
      resolve = await loaded();
    } catch {
      notify.error(RULES_UNAVAILABLE);
      return { values: {}, errors: { root: { type: "unavailable", message: RULES_UNAVAILABLE } } };
    }
    return resolve(...args);
  };
  return Object.assign(resolver as Resolver<TInput, unknown, TOutput>, {
    /** Starts loading early (the form got focus), so the first check does not wait. */
    preload: () => void loaded().catch(() => undefined),
  });
}
