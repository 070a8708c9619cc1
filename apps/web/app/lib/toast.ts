import { type ExternalToast, toast } from "sonner";

export type ToastMode = "success" | "error" | "warning" | "info";

function show(mode: ToastMode, message: string, options?: ExternalToast): string | number {
  // docs/web-app.md#toasts: one toast at a time; a new one replaces whatever is on screen.
  toast.dismiss();
  return toast[mode](message, options);
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
    toast.dismiss();
  },
};
