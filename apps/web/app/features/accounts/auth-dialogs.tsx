import { DeferredDialog } from "../../components/ui/deferred.tsx";
import { authDialogs, useAuthDialogState } from "../../lib/auth-dialog-store.ts";

/** The dialog and the login form it opens on are fetched together, the first time it opens. */
const load = () => {
  void import("./login-form.tsx").catch(() => {});
  return import("./auth-dialog.tsx");
};

/**
 * The global login / forgot-password dialog (`auth-dialog.tsx`), mounted once in the root layout
 * and fetched the first time someone opens it: most visits never do.
 */
export function AuthDialogs() {
  const state = useAuthDialogState();
  return (
    <DeferredDialog open={state.view !== null} load={load} onUnavailable={authDialogs.close}>
      {(m) => <m.AuthDialog />}
    </DeferredDialog>
  );
}
