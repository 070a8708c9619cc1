import type { PanelTarget, PendingNote } from "./requests.ts";

/** The context menu's entries (docs/extension.md#menus). */
export const MENUS = [
  { id: "flip-page", title: "Flip this page", contexts: ["page"] },
  { id: "flip-link", title: "Flip this link", contexts: ["link"] },
  { id: "add-note", title: "Add a note", contexts: ["selection"] },
] as const;

export interface MenuClick {
  menuItemId: string | number;
  pageUrl?: string;
  linkUrl?: string;
  selectionText?: string;
}

/**
 * What a click on an entry asks the panel for: the page (no target: the panel shows its tab's),
 * a link's page until the tab moves on, or a note of the selection on the page it was made on.
 */
export function menuRequest(
  click: MenuClick,
  tab: { url?: string; windowId?: number } | undefined,
): { target: PanelTarget | null; note: PendingNote | null } {
  const windowId = tab?.windowId ?? null;
  const address = click.pageUrl ?? tab?.url;
  if (click.menuItemId === "flip-link" && click.linkUrl) {
    return { target: { address: click.linkUrl, windowId }, note: null };
  }
  if (click.menuItemId === "add-note" && address && click.selectionText?.trim()) {
    return { target: null, note: { address, quote: click.selectionText } };
  }
  return { target: null, note: null };
}
