import { useSyncExternalStore } from "react";

/**
 * The header menu's page actions (docs/web-app.md#routes-and-layouts: suggest_topic, owner, related_pages) act on the
 * page being viewed. The page view registers what they do; until one does, the menu shows
 * them disabled. Keeping this as a tiny store lets the shell stay ignorant of the discussion
 * feature and the feature stay ignorant of the menu.
 */
export interface PageActions {
  suggest_topic?: () => void;
  owner?: () => void;
  related_pages?: () => void;
}

let current: PageActions | null = null;
const listeners = new Set<() => void>();

/** Registers the current page's actions; returns the function that removes them again. */
export function registerPageActions(actions: PageActions): () => void {
  current = actions;
  for (const listener of listeners) listener();
  return () => {
    if (current !== actions) return;
    current = null;
    for (const listener of listeners) listener();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePageActions(): PageActions | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
