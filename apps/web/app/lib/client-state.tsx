import { EXTENSION_REPLY_TIMEOUT_MS } from "@flipside/contracts/constants";
import type { Theme } from "@flipside/contracts/enums";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { hasAppFlag, isAppMode, withAppFlagSearch } from "./app-mode.ts";
import { type ColorMode, useColorModeController } from "./color-mode.ts";
import { detectExtension, skipsExtensionDetection } from "./extension-detection.ts";
import { MOBILE_SCREEN_QUERY, useMediaQuery } from "./media-query.ts";

/** docs/web-app.md#state client state. */
export interface ClientState {
  isApp: boolean;
  isMobileScreen: boolean;
  isFooterFocus: boolean;
  isCheckingExtensionInstalled: boolean;
  isExtensionInstalled: boolean;
}

interface ClientStateContextValue extends ClientState {
  setFooterFocus(focused: boolean): void;
}

const ClientStateContext = createContext<ClientStateContextValue | null>(null);
const ColorModeContext = createContext<ColorMode | null>(null);

/**
 * App mode per docs/web-app.md#app-mode — on when `app=1` is on the current or the previous location — made
 * sticky: a navigation that dropped the flag gets it back (replacing the history entry), so it
 * stays on however the link was written.
 */
function useAppModeController(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const [track, setTrack] = useState({
    key: location.key,
    search: location.search,
    previous: null as string | null,
  });
  let previous = track.previous;
  if (track.key !== location.key) {
    // Derived during render (not in an effect) so the first render of a new page already knows.
    previous = track.search;
    setTrack({ key: location.key, search: location.search, previous });
  }
  const isApp = isAppMode(location.search, previous);
  const missingFlag = isApp && !hasAppFlag(location.search);
  useEffect(() => {
    if (!missingFlag) return;
    navigate(
      { pathname: location.pathname, search: withAppFlagSearch(location.search), hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [missingFlag, navigate, location.pathname, location.search, location.hash, location.state]);
  return isApp;
}

/** docs/web-app.md#extension-detection: ask the extension on every path change; `curl=0` skips and counts as installed. */
function useExtensionDetection(): { checking: boolean; installed: boolean } {
  const { pathname, search } = useLocation();
  const skip = skipsExtensionDetection(search);
  const [state, setState] = useState({ checking: !skip, installed: skip });
  useEffect(() => {
    // The path is what triggers a new check; it is read here so the dependency is honest.
    void pathname;
    if (skip) {
      setState({ checking: false, installed: true });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, checking: true }));
    detectExtension(window, EXTENSION_REPLY_TIMEOUT_MS, controller.signal).then((installed) => {
      if (!controller.signal.aborted) setState({ checking: false, installed });
    });
    return () => controller.abort();
  }, [pathname, skip]);
  return state;
}

export function ClientStateProvider({
  forcedColorMode,
  children,
}: {
  forcedColorMode: Theme | undefined;
  children: ReactNode;
}) {
  const isApp = useAppModeController();
  const isMobileScreen = useMediaQuery(MOBILE_SCREEN_QUERY);
  const [isFooterFocus, setFooterFocus] = useState(false);
  const extension = useExtensionDetection();
  const colorMode = useColorModeController(forcedColorMode);

  const value = useMemo<ClientStateContextValue>(
    () => ({
      isApp,
      isMobileScreen,
      isFooterFocus,
      isCheckingExtensionInstalled: extension.checking,
      isExtensionInstalled: extension.installed,
      setFooterFocus,
    }),
    [isApp, isMobileScreen, isFooterFocus, extension.checking, extension.installed],
  );

  return (
    <ClientStateContext.Provider value={value}>
      <ColorModeContext.Provider value={colorMode}>{children}</ColorModeContext.Provider>
    </ClientStateContext.Provider>
  );
}

export function useClientState(): ClientStateContextValue {
  const value = useContext(ClientStateContext);
  if (!value) throw new Error("useClientState must be used inside <ClientStateProvider>");
  return value;
}

/** True in app mode (inside the extension's panel or a mobile shell): reduced chrome. */
export function useAppMode(): boolean {
  return useClientState().isApp;
}

export function useColorMode(): ColorMode {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorMode must be used inside <ClientStateProvider>");
  return value;
}
