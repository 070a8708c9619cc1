import type { PublicConfig } from "@flipside/contracts/public-config";
import { useRouteLoaderData } from "react-router";
import type { ShellUser } from "./shell-user.ts";

/** What the root loader gives every page (see root.tsx). */
export interface RootData {
  nonce: string;
  config: PublicConfig;
  user: ShellUser | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The signed-in account, or null for an anonymous visitor. */
export function useShellUser(): ShellUser | null {
  return useRootData()?.user ?? null;
}
