import { TOAST_MAX_WIDTH_PX } from "@flipside/contracts/constants";
import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { useColorMode } from "../../lib/client-state.tsx";

/** docs/web-app.md#toasts: one toast at a time, top centre, at most 420 px wide. Use `notify` to show one. */
export function Toaster() {
  const { resolved } = useColorMode();
  return (
    <Sonner
      theme={resolved}
      position="top-center"
      visibleToasts={1}
      richColors
      closeButton
      style={{ "--width": `${TOAST_MAX_WIDTH_PX}px` } as CSSProperties}
      toastOptions={{ className: "font-sans" }}
    />
  );
}
