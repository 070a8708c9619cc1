import { lazy, Suspense, useRef } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { LoaderCircle } from "../../components/ui/icons.tsx";
import { type AuthDialogState, authDialogs, useAuthDialogState } from "../../lib/auth-dialog-store.ts";

// Each form (and react-hook-form with it) comes when its view is first shown; `auth-dialogs.tsx`
// starts fetching the login form together with this file.
const LoginForm = lazy(() => import("./login-form.tsx").then((m) => ({ default: m.LoginForm })));
const ForgotPasswordForm = lazy(() =>
  import("./forgot-password-form.tsx").then((m) => ({ default: m.ForgotPasswordForm })),
);

/** Shown for the moment a form is still on its way (the dialog still has its title for readers). */
function Loading({ title }: { title: string }) {
  return (
    <div className="flex min-h-48 items-center justify-center" role="status">
      <DialogTitle className="sr-only">{title}</DialogTitle>
      <DialogDescription className="sr-only">Loading…</DialogDescription>
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}

/**
 * The global login / forgot-password dialog, drawn once it is first asked for (`auth-dialogs.tsx`). The two docs/web-app.md#routes-and-layouts
 * dialogs are two views of one modal, so swapping between them (docs/web-app.md) keeps focus inside
 * the dialog instead of bouncing it to the page between two modals.
 */
export function AuthDialog() {
  const state = useAuthDialogState();
  // While the closing animation plays the view is already null: keep drawing the last one.
  const last = useRef<AuthDialogState>(state);
  if (state.view) last.current = state;
  const shown = state.view ? state : last.current;
  const view = shown.view ?? "login";

  return (
    <Dialog
      open={state.view !== null}
      onOpenChange={(open) => {
        if (!open) authDialogs.close();
      }}
    >
      <DialogContent
        // docs/web-app.md#routes-and-layouts: the login dialog is at most 716 px wide (roomy).
        roomy
        showCloseButton={!shown.hideClose}
        data-testid={view === "login" ? "login-dialog" : "forgot-password-dialog"}
        onInteractOutside={(event) => {
          // A dialog without a close button is only left on purpose: Escape, or its own links.
          if (shown.hideClose) event.preventDefault();
        }}
      >
        {view === "login" ? (
          <Suspense fallback={<Loading title="Login" />}>
            <LoginForm key="login" options={shown} />
          </Suspense>
        ) : (
          <Suspense fallback={<Loading title="Forgot your password?" />}>
            <ForgotPasswordForm key="forgot" options={shown} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
