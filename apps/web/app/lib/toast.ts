import type { ExternalToast, toast as sonnerToast } from "sonner";

export type ToastMode = "success" | "error" | "warning" | "info";

/** A toast asked for before the toaster was on screen: only the latest counts (one at a time). */
export interface PendingToast {
  mode: ToastMode;
  message: string;
  options?: ExternalToast;
}

/*
 * sonner (and its toaster) load on the first press or key anywhere, or with the first toast,
 * not with the page (issue 14). Until the toaster is on screen the latest toast waits here;
 * `<Toaster>` subscribes, loads it and hands over `toast` once it listens.
 */
let toast: typeof sonnerToast | undefined;
let pending: PendingToast | null = null;
const listeners = new Set<() => void>();

function show(mode: ToastMode, message: string, options?: ExternalToast): void {
  if (toast) {
    // docs/web-app.md#toasts: one toast at a time; a new one replaces whatever is on screen.
    toast.dismiss();
    toast[mode](message, options);
    return;
  }
  setPending({ mode, message, ...(options ? { options } : {}) });
}

/**
 * The one way features tell the user something happened. Keep messages short and literal
 * (the specification texts are copied exactly, e.g. `notify.success("Password instructions sent")`).
 */
export const notify = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  dismiss: () => {
    if (toast) toast.dismiss();
    else setPending(null);
  },
};

function setPending(next: PendingToast | null) {
  pending = next;
  for (const listener of listeners) listener();
}

/** For `<Toaster>`: the toast waiting for the toaster (null when none). */
export const toastQueue = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  pending: () => pending,
  /** The toaster listens now: show what waited, and send every later toast straight to it. */
  ready(sonner: typeof sonnerToast) {
    toast = sonner;
    const waiting = pending;
    pending = null;
    if (waiting) show(waiting.mode, waiting.message, waiting.options);
  },
  /** The toaster could not load (offline): the fallback has shown the toast; clear it. */
  clear: () => setPending(null),
};
