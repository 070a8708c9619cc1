import type { ReactNode } from "react";
import { SiteFrame } from "./site-frame.tsx";

/**
 * Default layout's frame: generic pages (content/*.md) and error pages in one reading column;
 * `wide` for the admin area, whose lists sit beside its navigation.
 */
export function DefaultFrame({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <SiteFrame layout="default">
      <div
        className={
          wide
            ? "mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10"
            : "mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14"
        }
      >
        {children}
      </div>
    </SiteFrame>
  );
}
