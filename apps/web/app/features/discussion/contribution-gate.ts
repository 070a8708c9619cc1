import { type FormEvent, useCallback, useMemo } from "react";
import { type ApiError, isApiError } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser, useViewerPending } from "../../lib/root-data.ts";
import type { ShellUser } from "../../lib/shell-user.ts";
import { notify } from "../../lib/toast.ts";

export interface ContributionGate {
  user: ShellUser | null;
  /** Who is signed in is still being asked (a page view rendered for everyone). */
  pending: boolean;
  /** Signed in but not activated yet: may read, may not contribute (docs/accounts.md). */
  needsActivation: boolean;
  /** True when a visitor may go on; for a signed-out one it opens the login dialog instead. */
  requireUser(): boolean;
  /**
   * Props for a form's fields: a signed-out visitor cannot type in them, and a press opens the
   * login dialog (not on focus: the dialog gives focus back when it closes).
   */
  fieldLock: { readOnly: boolean; onClick(): void };
  /**
   * A form's submit handler that asks a signed-out visitor to log in before anything is
   * checked, so nobody is told what is missing from a form they cannot send.
   */
  guardSubmit(submit: (event: FormEvent) => Promise<void>): (event: FormEvent) => void;
  /**
   * Says what went wrong with a contribution: 401 opens the login dialog; field errors about
   * fields the form has (`formFields`, else any) are returned for the form to show next to
   * them, whatever the status; anything else shows the API's own detail as a toast (403
   * "activate your account", 429 "slow down"…).
   */
  report(error: unknown, fallback?: string, formFields?: readonly string[]): Record<string, string>;
}

export function useContributionGate(): ContributionGate {
  const user = useShellUser();
  const pending = useViewerPending();
  const requireUser = useCallback(() => {
    if (user) return true;
    // Who is signed in is still being asked (a shared page view): no login dialog for a member.
    if (!pending) authDialogs.openLogin();
    return false;
  }, [user, pending]);

  const report = useCallback(
    (
      error: unknown,
      fallback = "That did not work. Try again.",
      formFields?: readonly string[],
    ): Record<string, string> => {
      if (!isApiError(error)) {
        notify.error(fallback);
        return {};
      }
      if (error.status === 401) {
        authDialogs.openLogin();
        return {};
      }
      const { fields, toast } = splitProblem(error, formFields);
      if (toast !== null) notify.error(toast || fallback);
      return fields;
    },
    [],
  );

  const fieldLock = useMemo(
    () => ({
      readOnly: !user,
      onClick: () => {
        if (!user) requireUser();
      },
    }),
    [user, requireUser],
  );

  const guardSubmit = useCallback(
    (submit: (event: FormEvent) => Promise<void>) => (event: FormEvent) => {
      if (!user) {
        event.preventDefault();
        requireUser();
        return;
      }
      void submit(event);
    },
    [user, requireUser],
  );

  return {
    user,
    pending,
    needsActivation: user?.activated === false,
    requireUser,
    fieldLock,
    guardSubmit,
    report,
  };
}

/**
 * What of a problem a form shows on its fields and what it says in a toast (empty string: the
 * form's own fallback). The same for every code and status: a field error the form can show
 * goes there; a problem with nothing the form can show goes to the toast.
 */
export function splitProblem(
  error: ApiError,
  formFields?: readonly string[],
): { fields: Record<string, string>; toast: string | null } {
  const all = error.fieldErrors;
  const fields = Object.fromEntries(
    Object.entries(all).filter(([field]) => !formFields || formFields.includes(field)),
  );
  if (Object.keys(fields).length > 0) return { fields, toast: null };
  return { fields, toast: error.problem.detail ?? error.problem.title ?? "" };
}
