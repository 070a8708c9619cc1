import type * as React from "react";
import { cn } from "../../lib/cn.ts";

/** A placeholder block shown while real content loads; hidden from assistive technology. */
export function Skeleton({
  className,
  circle = false,
  ...props
}: React.ComponentProps<"div"> & { circle?: boolean }) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(
        "animate-pulse bg-muted motion-reduce:animate-none",
        circle ? "rounded-full" : "rounded-md",
        className,
      )}
      {...props}
    />
  );
}
