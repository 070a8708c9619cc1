import { AD_ACCOUNT_COOKIE } from "@flipside/contracts/ads-constants";
import type { AppLoadContext } from "react-router";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { readCookie } from "../../lib/cookies.ts";
import { chooseAccount } from "./ad-account.ts";
import { type AdAccount, type AdsClient, createAdsClient } from "./ads-client.ts";

/** What an ads screen's loader gives its page: the data of the account it shows, or why not. */
export type AccountData<T> =
  | { accountId: string; data: T; failed: false }
  | { accountId: null; data: null; failed: boolean };

/**
 * Loads an ads screen's data for the account the screens show (the cookie's, ADS.md §1.0). A
 * signed-out visitor or one without an account gets no data (the screen says why); an answer the
 * API refused (4xx) is `failed`, for the screen's "Could not load …" and "Try again".
 */
export async function loadForAccount<T>(
  request: Request,
  context: AppLoadContext,
  load: (client: AdsClient, account: AdAccount, params: URLSearchParams) => Promise<T>,
): Promise<AccountData<T>> {
  const client = createAdsClient(serverApi(context));
  try {
    const accounts = await client.accounts();
    const account = chooseAccount(accounts, readCookie(request.headers.get("cookie"), AD_ACCOUNT_COOKIE));
    if (!account) return { accountId: null, data: null, failed: false };
    const data = await load(client, account, new URL(request.url).searchParams);
    return { accountId: account.id, data, failed: false };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { accountId: null, data: null, failed: false };
    if (isApiError(error) && error.status < 500) return { accountId: null, data: null, failed: true };
    throw error;
  }
}

/** One object a screen's editor opens on (`?filter={id}`…), null when it is not the viewer's. */
export function findOwn<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  });
}
