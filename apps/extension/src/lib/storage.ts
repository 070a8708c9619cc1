import { browser } from "wxt/browser";
import { withTimeout } from "./timeout.ts";

export interface Settings {
  /** Show how many comments the page in each tab has on the toolbar button (docs/extension.md#badge). */
  badges: boolean;
}

export const DEFAULT_SETTINGS: Settings = { badges: true };
const SETTINGS_KEY = "settings";

/** Settings follow the person's browser profile (storage.sync). */
export async function readSettings(): Promise<Settings> {
  const stored = await withTimeout(browser.storage.sync.get(SETTINGS_KEY), {});
  const value: unknown = stored[SETTINGS_KEY];
  const badges = typeof value === "object" && value !== null && "badges" in value ? value.badges : undefined;
  return { badges: typeof badges === "boolean" ? badges : DEFAULT_SETTINGS.badges };
}

export async function writeSettings(settings: Settings): Promise<void> {
  await browser.storage.sync.set({ [SETTINGS_KEY]: settings });
}

export function onSettingsChanged(listener: (settings: Settings) => void): () => void {
  const handler = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === "sync" && SETTINGS_KEY in changes) void readSettings().then(listener);
  };
  browser.storage.onChanged.addListener(handler);
  return () => browser.storage.onChanged.removeListener(handler);
}
