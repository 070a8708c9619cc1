import type { ReactNode } from "react";
import { useAppMode } from "../../lib/client-state.tsx";
import { cn } from "../../lib/cn.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

export type LayoutName = "ads" | "default" | "home" | "landing" | "profile" | "secondary" | "user-details";

/**
 * The outer shape shared by the layouts: header, the `#main` landmark (skip-link target) and,
 * outside app mode, the footer. The root element names its layout for tests and styling.
 */
export function SiteFrame({
  layout,
  children,
  wideHeader = false,
  mainClassName,
}: {
  layout: LayoutName;
  children: ReactNode;
  wideHeader?: boolean;
  mainClassName?: string;
}) {
  const isApp = useAppMode();
  return (
    <div data-layout={layout} data-app={isApp || undefined} className="flex min-h-dvh flex-col">
      <SiteHeader wide={wideHeader} />
      <main id="main" tabIndex={-1} className={cn("flex-1 outline-none", mainClassName)}>
        {children}
      </main>
      {isApp ? null : <SiteFooter />}
    </div>
  );
}
