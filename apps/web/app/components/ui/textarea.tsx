import type * as React from "react";
import { afterPress } from "../../lib/after-press.ts";
import { cn } from "../../lib/cn.ts";

export function Textarea({
  className,
  tall = false,
  onBlur,
  ...props
}: React.ComponentProps<"textarea"> & { tall?: boolean }) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "field-sizing-content flex max-h-[min(24rem,50vh)] w-full overflow-y-auto rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm dark:bg-input/20",
        tall ? "min-h-24" : "min-h-20",
        className,
      )}
      onBlur={afterPress(onBlur)}
      {...props}
    />
  );
}
