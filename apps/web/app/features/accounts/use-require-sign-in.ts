import { useCallback } from "react";
import { type AuthDialogOptions, authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";

/**
 * For actions that need an account (comment, vote, note…): returns a check that is true when
 * someone is signed in, and otherwise opens the login dialog and is false.
 * `const requireSignIn = useRequireSignIn(); … if (!requireSignIn()) return;`
 */
export function useRequireSignIn(): (options?: AuthDialogOptions) => boolean {
  const signedIn = useShellUser() !== null;
  return useCallback(
    (options?: AuthDialogOptions) => {
      if (signedIn) return true;
      authDialogs.openLogin(options);
      return false;
    },
    [signedIn],
  );
}
