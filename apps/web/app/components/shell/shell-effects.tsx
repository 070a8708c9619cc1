import { SOCIAL_SDK_DELAY_MS } from "@flipside/contracts/constants";
import type { PublicConfig } from "@flipside/contracts/public-config";
import { useEffect, useRef } from "react";
import { createPath, useLocation, useNavigation } from "react-router";
import { BUILD_ID, startVersionPolling } from "../../lib/build-version.ts";
import {
  clearPendingNavigation,
  installPendingNavigationHandoff,
  setPendingNavigation,
} from "../../lib/chunk-reload.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { installNavigationRetry } from "../../lib/navigation-retry.ts";
import type { RootData } from "../../lib/root-data.ts";
import {
  hideHelpChat,
  isFacebookAppId,
  isHelpChatId,
  loadHelpChat,
  loadSocialSdk,
} from "../../lib/third-party.ts";
import { useViewerSync } from "../../lib/viewer.ts";

/**
 * Browser-only housekeeping with no UI: new-version polling (the next navigation after a new
 * build is a full page load), the chunk-error hand-off, and the third-party scripts, which load
 * only when configured and never in app mode.
 */
export function ShellEffects({ root }: { root: RootData | undefined }) {
  const config: PublicConfig | undefined = root?.config;
  const navigation = useNavigation();
  const location = useLocation();
  const isApp = useAppMode();
  const newVersion = useRef(false);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return startVersionPolling({
      currentId: BUILD_ID,
      onNewVersion: () => {
        newVersion.current = true;
      },
    });
  }, []);

  useEffect(() => installPendingNavigationHandoff(), []);
  useEffect(() => installNavigationRetry(), []);

  useViewerSync(root);

  // Marks the page as interactive (tests wait for it; CSS may use it for JS-only controls).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  const from = createPath(location);
  const target =
    navigation.state === "loading" && navigation.location ? createPath(navigation.location) : null;
  useEffect(() => {
    if (target === null) {
      clearPendingNavigation();
      return;
    }
    if (newVersion.current) {
      window.location.assign(target);
      return;
    }
    setPendingNavigation(from, target);
  }, [from, target]);

  const helpChatId = config?.helpChatId;
  useEffect(() => {
    if (isApp) {
      hideHelpChat();
      return;
    }
    if (isHelpChatId(helpChatId)) loadHelpChat(helpChatId);
  }, [isApp, helpChatId]);

  const facebookAppId = config?.facebookAppId;
  useEffect(() => {
    if (isApp || !isFacebookAppId(facebookAppId)) return;
    const timer = setTimeout(() => loadSocialSdk(facebookAppId), SOCIAL_SDK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isApp, facebookAppId]);

  return null;
}
