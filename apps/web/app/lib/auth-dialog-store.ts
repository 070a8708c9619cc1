import { useSyncExternalStore } from "react";

/**
 * The global login and forgot-password dialogs (docs/web-app.md#routes-and-layouts) are one dialog with two views, opened
 * from anywhere through this tiny store: the header menu, the /login page, a reset-password page,
 * or a feature that needs a signed-in visitor (`useAuthDialogs().openLogin()`).
 */
export type AuthDialogView = "login" | "forgot-password";

export interface AuthDialogOptions {
  /** Pre-fills the email field (carried between the two views as well). */
  email?: string;
  /** Hides the close button and ignores clicks outside; Escape still closes (accessibility). */
  hideClose?: boolean;
  /** Where to go once logged in; by default the visitor stays on the page they are on. */
  redirectTo?: string;
  /** Called once logged in, after the account and the page's data were reloaded. */
  onLoggedIn?: () => void;
  /**
   * The id of the control that asked for the dialog (the focused one when it opened, unless
   * given): focus goes back to it once the page's data are reloaded after logging in, even if
   * that re-rendered it (issue 19: it went to the top of the page).
   */
  returnFocusId?: string;
}

export interface AuthDialogState extends AuthDialogOptions {
  view: AuthDialogView | null;
}

const CLOSED: AuthDialogState = { view: null };

let state: AuthDialogState = CLOSED;
const listeners = new Set<() => void>();

function set(next: AuthDialogState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const authDialogs = {
  openLogin(options: AuthDialogOptions = {}): void {
    set({ returnFocusId: focusedControlId(), ...options, view: "login" });
  },
  openForgotPassword(options: AuthDialogOptions = {}): void {
    set({ ...options, view: "forgot-password" });
  },
  /** Switches view, keeping the options the dialog was opened with (close button, redirect…). */
  show(view: AuthDialogView, email?: string): void {
    set({ ...state, view, ...(email !== undefined ? { email } : {}) });
  },
  close(): void {
    set(CLOSED);
  },
  get state(): AuthDialogState {
    return state;
  },
};

function focusedControlId(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const focused = document.activeElement;
  return focused && focused !== document.body && focused.id ? focused.id : undefined;
}

/** Gives focus back to the control that asked for the dialog, if it is still on the page. */
export function returnFocus(options: AuthDialogOptions): void {
  if (!options.returnFocusId) return;
  document.getElementById(options.returnFocusId)?.focus();
}

export function useAuthDialogState(): AuthDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}

/**
 * Opens the global account dialogs from any component:
 * `const { openLogin } = useAuthDialogs(); … openLogin();`
 */
export function useAuthDialogs() {
  const current = useAuthDialogState();
  return {
    view: current.view,
    openLogin: authDialogs.openLogin,
    openForgotPassword: authDialogs.openForgotPassword,
    close: authDialogs.close,
  };
}

/**
 * For a "Log in" link (href /login): a plain click opens the dialog over the current page, so the
 * visitor stays where they were; a middle or modified click still opens /login in a new tab.
 * Opening waits a tick so a menu the link sits in can close (and hand back focus) first.
 */
export function openLoginFromLink(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  setTimeout(() => authDialogs.openLogin(), 0);
}
