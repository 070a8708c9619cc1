import { LoaderCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { type AuthDialogState, authDialogs, useAuthDialogState } from "../../lib/auth-dialog-store.ts";

/** docs/web-app.md#routes-and-layouts: the login dialog is at most 716 px wide. */
const MAX_WIDTH = "sm:max-w-[716px]";

// The forms (and react-hook-form with them) stay out of every page's first load: most visits
// never open the dialog. They are fetched once the page is idle, so opening it is still instant.
const loadLoginForm = () => import("./login-form.tsx");
const loadForgotPasswordForm = () => import("./forgot-password-form.tsx");
const LoginForm = lazy(() => loadLoginForm().then((m) => ({ default: m.LoginForm })));
const ForgotPasswordForm = lazy(() =>
  loadForgotPasswordForm().then((m) => ({ default: m.ForgotPasswordForm })),
);

function usePreloadForms(): void {
  useEffect(() => {
    const preload = () => {
      void loadLoginForm();
      void loadForgotPasswordForm();
    };
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(preload, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, []);
}

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
 * The global login / forgot-password dialog, mounted once in the root layout. The two docs/web-app.md#routes-and-layouts
 * dialogs are two views of one modal, so swapping between them (docs/web-app.md) keeps focus inside
 * the dialog instead of bouncing it to the page between two modals.
 */
export function AuthDialogs() {
  usePreloadForms();
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
        className={`${MAX_WIDTH} gap-0 p-5 sm:p-8`}
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
