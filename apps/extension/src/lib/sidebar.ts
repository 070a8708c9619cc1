import { browser } from "wxt/browser";

/** Firefox's sidebar (`sidebar_action`), which the Chromium types `browser` has do not describe. */
interface SidebarAction {
  open(): Promise<void>;
  toggle(): Promise<void>;
}

function hasSidebarAction(api: object): api is { sidebarAction: SidebarAction } {
  return "sidebarAction" in api;
}

export function sidebarAction(): SidebarAction {
  if (!hasSidebarAction(browser)) throw new Error("This browser has no sidebar_action.");
  return browser.sidebarAction;
}
