import type { FocusEvent } from "react";

/**
 * A field that validates on blur shows its message the moment a person presses another control,
 * between button down and button up. The message pushes that control down, the release lands
 * elsewhere and the click is lost (the login dialog's "Forgot your password?" needed two clicks).
 * So while a press is under way, blur handlers wait until it is over and its click has happened.
 * A waiting handler runs after the click's own changes: it must read the form's state as it is
 * then, not state it closed over at the blur (the custom-tab dialog once undid a click that way).
 */

let pressing = false;
let waiting: Array<() => void> = [];
let fallback: ReturnType<typeof setTimeout> | undefined;
let installed = false;

// A press whose release the page never sees (let go outside the window) must not hold blurs forever.
const LONGEST_PRESS_MS = 2_000;

function flush(): void {
  pressing = false;
  clearTimeout(fallback);
  const run = waiting;
  waiting = [];
  for (const handler of run) handler();
}

function install(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const down = () => {
    pressing = true;
    clearTimeout(fallback);
    fallback = setTimeout(flush, LONGEST_PRESS_MS);
  };
  // The click follows the release in the same task; a zero timeout runs after it.
  const up = () => {
    if (pressing) setTimeout(flush, 0);
  };
  // Touch sends its compatibility mousedown after pointerup, so both kinds are watched.
  for (const type of ["pointerdown", "mousedown"]) window.addEventListener(type, down, true);
  for (const type of ["pointerup", "pointercancel", "mouseup"]) window.addEventListener(type, up, true);
}

/** Wraps a blur handler so it runs after the press that caused the blur, or at once if there is none. */
export function afterPress<E extends Element>(
  handler: ((event: FocusEvent<E>) => void) | undefined,
): ((event: FocusEvent<E>) => void) | undefined {
  if (!handler) return undefined;
  install();
  return (event) => {
    if (pressing) waiting.push(() => handler(event));
    else handler(event);
  };
}
