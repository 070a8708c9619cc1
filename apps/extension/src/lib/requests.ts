import { browser } from "wxt/browser";
import { sidebarAction } from "./sidebar.ts";

/**
 * What the background asks the panel to show or do, handed over in session storage (kept while
 * the browser runs, never written to disk): the panel may open before or after it is written, so
 * it reads it on start and watches for changes.
 */

/** "Flip this link": the panel shows this address instead of its tab's, until the tab moves on. */
export interface PanelTarget {
  address: string;
  windowId: number | null;
}

/** "Add a note": a private note with the selected text, saved by the panel (it can ask to sign in). */
export interface PendingNote {
  address: string;
  quote: string;
}

const TARGET_KEY = "panelTarget";
const NOTE_KEY = "pendingNote";

export async function setPanelTarget(target: PanelTarget | null): Promise<void> {
  if (target) await browser.storage.session.set({ [TARGET_KEY]: target });
  else await browser.storage.session.remove(TARGET_KEY);
}

export async function setPendingNote(note: PendingNote | null): Promise<void> {
  if (note) await browser.storage.session.set({ [NOTE_KEY]: note });
  else await browser.storage.session.remove(NOTE_KEY);
}

function isTarget(value: unknown): value is PanelTarget {
  return (
    typeof value === "object" &&
    value !== null &&
    "address" in value &&
    typeof value.address === "string" &&
    "windowId" in value &&
    (value.windowId === null || typeof value.windowId === "number")
  );
}

function isNote(value: unknown): value is PendingNote {
  return (
    typeof value === "object" &&
    value !== null &&
    "address" in value &&
    typeof value.address === "string" &&
    "quote" in value &&
    typeof value.quote === "string"
  );
}

export async function readRequests(): Promise<{ target: PanelTarget | null; note: PendingNote | null }> {
  const stored = await browser.storage.session.get([TARGET_KEY, NOTE_KEY]);
  return {
    target: isTarget(stored[TARGET_KEY]) ? stored[TARGET_KEY] : null,
    note: isNote(stored[NOTE_KEY]) ? stored[NOTE_KEY] : null,
  };
}

export function onRequestsChanged(listener: () => void): () => void {
  const handler = (changes: Record<string, unknown>, area: string) => {
    if (area === "session" && (TARGET_KEY in changes || NOTE_KEY in changes)) listener();
  };
  browser.storage.onChanged.addListener(handler);
  return () => browser.storage.onChanged.removeListener(handler);
}

/**
 * Opens the panel in the tab's window. Must run while the click that asked for it is being
 * handled (browsers open panels on a person's gesture only), so before any `await`.
 */
export function openPanel(windowId: number | undefined): Promise<void> {
  if (import.meta.env.FIREFOX) return sidebarAction().open();
  return browser.sidePanel.open({ windowId: windowId ?? browser.windows.WINDOW_ID_CURRENT });
}
