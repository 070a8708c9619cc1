import { useEffect, useRef } from "react";
import { isApiError } from "./api.ts";

/**
 * Asks after `delayMs` of quiet each time `key` changes (null: nothing to ask), cancelling the
 * question before; a help while typing (suggestions, the mention picker), never in the way: a
 * failure or a rate limit leaves things as they are. `ask` is given the key it asks about: the
 * newest render's closure may already hold newer text (an emptied box) when the timer fires,
 * before the effect that would cancel it has run.
 */
export function useDebouncedQuestion<T>(
  key: string | null,
  delayMs: number,
  ask: (key: string, signal: AbortSignal) => Promise<T>,
  onAnswer: (answer: T) => void,
  what: string,
) {
  const latest = useRef({ ask, onAnswer });
  latest.current = { ask, onAnswer };
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      latest.current
        .ask(key, controller.signal)
        .then((answer) => {
          if (!controller.signal.aborted) latest.current.onAnswer(answer);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted && !(isApiError(error) && error.status === 429)) {
            console.warn(`${what} failed`, error);
          }
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs, what]);
}
