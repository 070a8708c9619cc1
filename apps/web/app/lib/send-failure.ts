import { isApiError } from "./api.ts";
import { authDialogs } from "./auth-dialog-store.ts";

/**
 * What a dialog says when what it sent was refused: signed out meanwhile, it closes and asks to
 * log in (null: nothing to say); otherwise the API's words, or `fallback` when it gave none.
 */
export function sendFailure(error: unknown, fallback: string, close: () => void): string | null {
  if (isApiError(error) && error.status === 401) {
    close();
    authDialogs.openLogin();
    return null;
  }
  return isApiError(error) ? error.message : fallback;
}
