import { cva, type VariantProps } from "class-variance-authority";
import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/cn.ts";

/** Tabs stacked over their panels; the space between them is the caller's (`gap-…`). */
export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn("flex flex-col", className)} {...props} />;
}

const tabsListVariants = cva(
  "inline-flex max-w-full items-center justify-start overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground",
  {
    variants: {
      size: { default: "h-9 w-fit", sm: "h-8 w-fit", full: "h-auto w-full" },
    },
    defaultVariants: { size: "default" },
  },
);

export function TabsList({
  className,
  size,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.List> & VariantProps<typeof tabsListVariants>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(tabsListVariants({ size }), className)}
      {...props}
    />
  );
}

const tabsTriggerVariants = cva(
  "inline-flex h-full cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent py-1 font-medium transition-[color,box-shadow] hover:text-foreground focus-visible:outline-1 focus-visible:outline-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  {
    variants: {
      /** `fill` shares the list's width; `fit` is as wide as its content. */
      size: {
        fill: "flex-1 px-3 text-sm",
        "fill-sm": "flex-1 px-3 text-xs",
        fit: "flex-none px-3 text-sm",
        "fit-narrow": "flex-none px-2 text-sm sm:px-3",
      },
      tone: { default: "data-[state=active]:text-foreground", note: "data-[state=active]:text-note" },
    },
    defaultVariants: { size: "fill", tone: "default" },
  },
);

export function TabsTrigger({
  className,
  size,
  tone,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Trigger> & VariantProps<typeof tabsTriggerVariants>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ size, tone }), className)}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn("flex-1 outline-none", className)}
      {...props}
    />
  );
}
