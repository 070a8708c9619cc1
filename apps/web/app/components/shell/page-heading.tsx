import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** The h1 of a page, with an optional line of explanation and actions on the right. */
export function PageHeading({
  title,
  description,
  actions,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between", className)}>
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-balance font-semibold text-2xl tracking-tight">{title}</h1>
        {description ? <p className="text-pretty text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}
