import { browser } from "wxt/browser";
import { defineBackground } from "wxt/utils/define-background";
import { badgeText, createCountLookup, fetchPageCounts } from "../lib/badge.ts";
import { MENUS, menuRequest } from "../lib/menus.ts";
import { openPanel, setPanelTarget, setPendingNote } from "../lib/requests.ts";
import { ORIGIN } from "../lib/server.ts";
import { sidebarAction } from "../lib/sidebar.ts";
import { onSettingsChanged, readSettings } from "../lib/storage.ts";

const BADGE_COLOR = "#3b4fd8";

export default defineBackground(() => {
  const lookup = createCountLookup({ fetchCounts: (prefix) => fetchPageCounts(ORIGIN, prefix) });

  // The toolbar button (and its shortcut, `_execute_action`) opens the panel for the tab.
  if (import.meta.env.FIREFOX) {
    browser.action.onClicked.addListener(() => {
      void sidebarAction().toggle();
    });
  } else {
    void browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
  }

  browser.runtime.onInstalled.addListener(({ reason }) => {
    void browser.contextMenus.removeAll().then(() => {
      for (const { id, title, contexts } of MENUS)
        browser.contextMenus.create({ id, title, contexts: [...contexts] });
    });
    void browser.action.setBadgeBackgroundColor({ color: BADGE_COLOR });
    void browser.action.setBadgeTextColor?.({ color: "#ffffff" });
    // A first install opens the extension's page on Flipside: what it does, and that it works.
    if (reason === "install") void browser.tabs.create({ url: `${ORIGIN}/extension` });
  });

  browser.contextMenus.onClicked.addListener((info, tab) => {
    // The panel opens first, while the click still counts as the person's: the request follows.
    const opened = openPanel(tab?.windowId);
    const { target, note } = menuRequest(info, tab);
    // A note is handed over before the target is cleared, so the panel never shows another page.
    const handed = (note ? setPendingNote(note) : Promise.resolve()).then(() => setPanelTarget(target));
    void Promise.all([opened, handed]).catch((error: unknown) => console.warn("Flipside:", error));
  });

  async function showCount(tabId: number, address: string | undefined) {
    const settings = await readSettings();
    let text = "";
    let title = "Flip this page";
    if (settings.badges && address) {
      const count = await lookup.countOf(address).catch(() => null);
      if (count) {
        text = badgeText(count);
        title = `Flip this page — ${count} ${count === 1 ? "comment" : "comments"}`;
      }
    }
    // The tab may have moved on while the answer came: only its current address gets a count.
    const tab = await browser.tabs.get(tabId).catch(() => null);
    if (!tab || tab.url !== address) return;
    await browser.action.setBadgeText({ tabId, text });
    await browser.action.setTitle({ tabId, title });
  }

  browser.tabs.onUpdated.addListener((tabId, change, tab) => {
    if (change.url !== undefined || change.status === "complete") void showCount(tabId, tab.url);
  });
  browser.tabs.onActivated.addListener(({ tabId }) => {
    void browser.tabs.get(tabId).then((tab) => showCount(tabId, tab.url));
  });

  // Turning badges off clears them at once and sends nothing more; turning them on fills them in.
  onSettingsChanged(() => {
    lookup.forget();
    void browser.tabs.query({}).then((tabs) => {
      for (const tab of tabs) if (tab.id !== undefined) void showCount(tab.id, tab.url);
    });
  });
});
