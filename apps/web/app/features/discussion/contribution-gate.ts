import { useCallback } from "react";
import { isApiError } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { ShellUser } from "../../lib/shell-user.ts";
import { notify } from "../../lib/toast.ts";

export interface ContributionGate {
  user: ShellUser | null;
  /** Signed in but not activated yet: may read, may not contribute (PRODUCT.md §4). */
  needsActivation: boolean;
  /** True when a visitor may go on; for a signed-out one it opens the login dialog instead. */
  requireUser(): boolean;
  /**
   * Says what went wrong with a contribution: 401 opens the login dialog, anything else shows
   * the API's own detail (403 "activate your account", 429 "slow down"…). A 400 about fields
   * the form has (`formFields`) is returned instead, for the form to show next to those fields.
   */
  report(error: unknown, fallback?: string, formFields?: readonly string[]): Record<string, string>;
}

export function useContributionGate(): ContributionGate {
  const user = useShellUser();
  const requireUser = useCallback(() => {
    if (user) return true;
    authDialogs.openLogin();
    return false;
  }, [user]);

  const report = useCallback(
    (error: unknown, fallback = "That did not work. Try again."): Record<string, string> => {
      if (!isApiError(error)) {
        notify.error(fallback);
        return {};
      }
      if (error.status === 401) {
        authDialogs.openLogin();
        return {};
      }
      const fields = error.fieldErrors;
      if (error.status === 400 && Object.keys(fields).length > 0) return fields;
      notify.error(error.problem.detail ?? error.problem.title ?? fallback);
      return {};
    },
    [],
  );

  return { user, needsActivation: user?.activated === false, requireUser, report };
}
