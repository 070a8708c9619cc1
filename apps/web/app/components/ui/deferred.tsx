import { cloneElement, type ReactElement, type ReactNode, useEffect, useRef, useState } from "react";
import { notify } from "../../lib/toast.ts";
import { Button } from "./button.tsx";

/** What a person is told when the code of a menu or dialog cannot arrive (offline, say). */
export const DEFERRED_UNAVAILABLE = "Could not open it. Check your connection and try again.";
/** And what a part of the page says in its place when its code cannot arrive. */
export const PART_UNAVAILABLE = "This part of the page could not load. Check your connection and try again.";

/** What a trigger needs from the deferred menu before the menu is there. */
interface TriggerProps {
  "aria-expanded"?: boolean;
  "aria-busy"?: boolean;
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
}

/**
 * A menu whose button is drawn with the page and whose code (Radix's menu or dialog with its
 * positioning and focus handling, a sixth of a page's JavaScript) is fetched when someone reaches
 * for it: pointing at the button, touching it or moving focus to it. The click that follows draws
 * the menu from the loaded module, starting open; until it has arrived the button says it is busy,
 * and if it cannot arrive (offline) a toast says so and the next click tries again. Not `React.lazy`: a suspended
 * menu is revealed up to 300 ms late.
 *
 * `children` draws the menu, open from the start, around the `trigger` it is given.
 */
export function DeferredMenu<M>({
  load,
  trigger,
  children,
}: {
  load: () => Promise<M>;
  trigger: ReactElement<TriggerProps>;
  children: (loaded: M, trigger: ReactElement<TriggerProps>) => ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null);
  const [busy, setBusy] = useState(false);
  if (loaded) return children(loaded.module, trigger);
  const warm = () => void load().catch(() => {});
  return cloneElement(trigger, {
    "aria-expanded": false,
    ...(busy ? { "aria-busy": true } : {}),
    onPointerEnter: warm,
    onPointerDown: warm,
    onFocus: warm,
    onClick: () => {
      setBusy(true);
      load().then(
        (module) => setLoaded({ module }),
        () => {
          setBusy(false);
          notify.error(DEFERRED_UNAVAILABLE);
        },
      );
    },
  });
}

/** The dropdown menu primitives, for `DeferredMenu`. */
export const loadDropdownMenu = () => import("./dropdown-menu.tsx");

/**
 * The module `load` gives, fetched once `wanted` turns true and kept from then on. `onFailed`
 * hears of a load that failed; the next time `wanted` turns true it is tried again.
 */
function useLoadedWhen<M>(
  wanted: boolean,
  load: () => Promise<M>,
  onFailed: () => void,
): { module: M } | null {
  const [loaded, setLoaded] = useState<{ module: M } | null>(null);
  const failed = useRef(onFailed);
  failed.current = onFailed;
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (module) => live && setLoaded({ module }),
      () => live && failed.current(),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, load]);
  return loaded;
}

/**
 * A dialog or drawer whose code is fetched the first time it opens, then kept (so it closes with
 * its animation and opens at once next time). Until it has arrived nothing is drawn; opening is
 * always a person's action, and the code is one small file next to what the page already has. If
 * it cannot arrive (offline), a toast says so and `onUnavailable` closes it again, so the next
 * try loads afresh.
 */
export function DeferredDialog<M>({
  load,
  open,
  onUnavailable,
  children,
}: {
  load: () => Promise<M>;
  open: boolean;
  onUnavailable: () => void;
  children: (loaded: M) => ReactNode;
}) {
  const loaded = useLoadedWhen(open, load, () => {
    notify.error(DEFERRED_UNAVAILABLE);
    onUnavailable();
  });
  return loaded ? children(loaded.module) : null;
}

/**
 * A part of a page whose code comes the first time it is shown: a form in a tab nobody opened
 * yet, say. Until then (and on the server) `fallback` stands in its place; if the code cannot
 * arrive (offline), the part says so and offers to try again.
 */
export function DeferredPart<M>({
  load,
  show = true,
  fallback,
  children,
}: {
  load: () => Promise<M>;
  show?: boolean;
  fallback: ReactNode;
  children: (loaded: M) => ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  const loaded = useLoadedWhen(show && !failed, load, () => setFailed(true));
  if (loaded) return children(loaded.module);
  if (!failed) return fallback;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-dashed p-4 text-sm"
    >
      <p className="flex-1">{PART_UNAVAILABLE}</p>
      <Button type="button" variant="outline" size="sm" onClick={() => setFailed(false)}>
        Try again
      </Button>
    </div>
  );
}
