import { TOAST_MAX_WIDTH_PX } from "@flipside/contracts/constants";
import { type ComponentType, type CSSProperties, useEffect, useState, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { useColorMode } from "../../lib/client-state.tsx";
import { toastQueue } from "../../lib/toast.ts";

type Sonner = typeof import("./sonner.ts");
let loading: Promise<Sonner> | undefined;
const loadSonner = () => {
  loading ??= import("./sonner.ts").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};

const noPending = () => null;

/**
 * docs/web-app.md#toasts: one toast at a time, top centre, at most 420 px wide. Use `notify` to
 * show one. sonner comes on the first press or key anywhere, or with the first toast; a toast
 * asked for while it cannot load (offline) is shown plainly instead.
 */
export function Toaster() {
  const { resolved } = useColorMode();
  const pending = useSyncExternalStore(toastQueue.subscribe, toastQueue.pending, noPending);
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (sonner) return;
    const load = () => {
      loadSonner().then(setSonner, () => setFailed(true));
    };
    if (pending) {
      load();
      return;
    }
    const events = ["pointerdown", "keydown"] as const;
    const once = () => {
      for (const event of events) window.removeEventListener(event, once, true);
      load();
    };
    for (const event of events) window.addEventListener(event, once, { capture: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, once, true);
    };
  }, [sonner, pending]);

  // After sonner's toaster has subscribed (its effects run before this one).
  useEffect(() => {
    if (sonner) toastQueue.ready(sonner.toast);
  }, [sonner]);

  if (sonner) return <Loaded Sonner={sonner.Toaster} theme={resolved} />;
  if (failed && pending) return <PlainToast message={pending.message} mode={pending.mode} />;
  return null;
}

/**
 * sonner's rich colours put text on a pale tint of its own hue at about 4.2:1 in light mode,
 * under WCAG's 4.5:1 (axe flagged a success toast): the same hues, darker.
 */
const LIGHT_RICH_TEXT = {
  "--success-text": "hsl(140, 100%, 22%)",
  "--error-text": "hsl(360, 100%, 38%)",
  "--warning-text": "hsl(31, 92%, 30%)",
  "--info-text": "hsl(210, 92%, 38%)",
};

function Loaded({ Sonner, theme }: { Sonner: ComponentType<ToasterProps>; theme: "light" | "dark" }) {
  return (
    <Sonner
      theme={theme}
      position="top-center"
      visibleToasts={1}
      richColors
      closeButton
      style={
        {
          "--width": `${TOAST_MAX_WIDTH_PX}px`,
          ...(theme === "light" ? LIGHT_RICH_TEXT : {}),
        } as CSSProperties
      }
      toastOptions={{ className: "font-sans" }}
    />
  );
}

/** The toast when sonner cannot load: the same place and words, closed by its button. */
function PlainToast({ message, mode }: { message: string; mode: string }) {
  return (
    <div
      role={mode === "error" ? "alert" : "status"}
      data-plain-toast={mode}
      className="fixed inset-x-4 top-4 z-[100] mx-auto flex items-start gap-3 rounded-md border bg-popover p-4 text-popover-foreground text-sm shadow-lg"
      style={{ maxWidth: `${TOAST_MAX_WIDTH_PX}px` }}
    >
      <p className="flex-1">{message}</p>
      <button
        type="button"
        aria-label="Close"
        className="text-muted-foreground hover:text-foreground"
        onClick={toastQueue.clear}
      >
        ×
      </button>
    </div>
  );
}
