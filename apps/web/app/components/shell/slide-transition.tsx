import { type ReactNode, useState } from "react";
import { useLocation } from "react-router";

export type SlideDirection = "left" | "right";

export function pathDepth(pathname: string): number {
  return pathname.split("/").filter(Boolean).length;
}

/** docs/web-app.md#routes-and-layouts: deeper than before slides left (comes in from the right), otherwise right. */
export function slideDirection(previousPath: string, nextPath: string): SlideDirection {
  return pathDepth(nextPath) > pathDepth(previousPath) ? "left" : "right";
}

/**
 * Wraps the pages of /ads and /profile so a page change slides. The first render does not move;
 * people who ask for reduced motion get no movement (see app.css).
 */
export function SlideTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [state, setState] = useState<{ path: string; direction: SlideDirection | null }>({
    path: pathname,
    direction: null,
  });
  let direction = state.direction;
  if (state.path !== pathname) {
    direction = slideDirection(state.path, pathname);
    setState({ path: pathname, direction });
  }
  return (
    <div key={pathname} data-slide={direction ?? undefined} className="min-w-0">
      {children}
    </div>
  );
}
