import type { ReactNode } from "react";
import { SiteFrame } from "./site-frame.tsx";

/** Default layout's frame: generic pages (content/*.md) and error pages in one reading column. */
export function DefaultFrame({ children }: { children: ReactNode }) {
  return (
    <SiteFrame layout="default">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
    </SiteFrame>
  );
}
