import { cva } from "class-variance-authority";
import type * as React from "react";
import { afterPress } from "../../lib/after-press.ts";
import { cn } from "../../lib/cn.ts";

/** The look of a text field, for inputs and selects alike. */
export const inputVariants = cva(
  "flex min-w-0 rounded-md border border-input px-3 py-1 shadow-xs outline-none transition-[color,box-shadow] selection:bg-primary selection:text-primary-foreground file:inline-flex file:h-7 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:bg-input/20",
  {
    variants: {
      size: { default: "h-9 text-base md:text-sm", lg: "h-12 text-base" },
      width: { full: "w-full", auto: "w-auto", narrow: "w-20" },
      surface: { clear: "bg-transparent", solid: "bg-background" },
    },
    defaultVariants: { size: "default", width: "full", surface: "clear" },
  },
);

export function Input({ className, type = "text", onBlur, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(inputVariants(), className)}
      onBlur={afterPress(onBlur)}
      {...props}
    />
  );
}
