import { notify } from "../../lib/toast.ts";

/** The current address without the flags that only make sense in this browser (app mode, curl). */
export function shareableUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("app");
  url.searchParams.delete("curl");
  return url.toString();
}

/** Copies text, with the old way where the Clipboard API is missing or refused (plain http, embedded panels). */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused (embedded panels, some browsers): fall back to the old way below.
    }
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

/** Copies the link of the page being viewed and says so. */
export async function copyCurrentLink(): Promise<void> {
  try {
    await writeClipboard(shareableUrl(window.location.href));
    notify.success("Link copied");
  } catch {
    notify.error("Could not copy the link");
  }
}
