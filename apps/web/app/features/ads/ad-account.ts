import { useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/layouts/ads.tsx";
import type { AdAccount, AdAccountOwnerChoice } from "./ads-client.ts";

/** What the ads layout's loader knows of the visitor's advertising (ADS.md §1.0). */
export interface AdsContext {
  signedIn: boolean;
  accounts: AdAccount[];
  /** Who could still open an account: the setup card's "Paid from", and "New advertiser account". */
  choices: AdAccountOwnerChoice[];
  /** The account the screens show. */
  current: AdAccount | null;
}

export const ANONYMOUS: AdsContext = { signedIn: false, accounts: [], choices: [], current: null };

/**
 * The account the cookie names when it is one of the viewer's; otherwise their own (personal)
 * one, otherwise the first. A stale or someone else's id in the cookie is simply not found.
 */
export function chooseAccount(
  accounts: readonly AdAccount[],
  cookieId: string | undefined,
): AdAccount | null {
  return (
    accounts.find((a) => a.id === cookieId) ??
    accounts.find((a) => a.ownerKind === "USER") ??
    accounts[0] ??
    null
  );
}

export const ADS_LAYOUT_ID = "routes/layouts/ads";

/** The ads layout's data, from any screen under /ads. */
export function useAdsContext(): AdsContext {
  return useRouteLoaderData<typeof loader>(ADS_LAYOUT_ID) ?? ANONYMOUS;
}

/** Whether the viewer may change the account's objects; the reason shown when not. */
export function writeAccess(
  account: AdAccount | null,
  activated: boolean,
): { canWrite: boolean; reason: string | null } {
  if (!account) return { canWrite: false, reason: null };
  if (account.viewerRole === "MEMBER") return { canWrite: false, reason: null };
  if (account.status === "CLOSED") return { canWrite: false, reason: "This advertiser account is closed." };
  if (!activated) return { canWrite: false, reason: "Confirm your email to advertise." };
  return { canWrite: true, reason: null };
}

/** Where an account's paying wallet is topped up: its owner's wallet page. */
export const walletPath = (account: AdAccount) =>
  account.ownerKind === "ORGANIZATION"
    ? `/profile/wallet?organizationId=${account.ownerId}`
    : "/profile/wallet";
