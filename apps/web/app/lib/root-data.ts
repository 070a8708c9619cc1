import type { PublicConfig } from "@flipside/contracts/public-config";
import { useRouteLoaderData } from "react-router";
import type { ShellUser } from "./shell-user.ts";
import { useKnownViewer } from "./viewer.ts";

/** What the root loader gives every page (see root.tsx). */
export interface RootData {
  nonce: string;
  config: PublicConfig;
  user: ShellUser | null;
  /**
   * The page was rendered for everyone, without its viewer (a page view, docs/caches.md): `user`
   * is null whoever is signed in, and the browser asks who it is after hydration (lib/viewer.ts).
   */
  viewerPending?: boolean;
  /** The database was out of reach: every page shows this message, with status 503. */
  unavailable?: string;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The signed-in account, or null for an anonymous visitor (and while a shared page's viewer is not known yet). */
export function useShellUser(): ShellUser | null {
  const root = useRootData();
  const known = useKnownViewer();
  if (root?.viewerPending) return known?.user ?? null;
  return root?.user ?? null;
}

/** True while a page rendered for everyone does not know its viewer yet (the server's HTML, hydration, the first answer). */
export function useViewerPending(): boolean {
  const root = useRootData();
  const known = useKnownViewer();
  return root?.viewerPending === true && known === undefined;
}
