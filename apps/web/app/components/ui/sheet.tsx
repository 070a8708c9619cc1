import { cva, type VariantProps } from "class-variance-authority";
import { Dialog as SheetPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/cn.ts";
import { X } from "./icons.tsx";

/** A side drawer (mobile menu, notes list, note details): a dialog that slides in from an edge. */
export function Sheet(props: React.ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTrigger(props: React.ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: React.ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />;
}

function SheetOverlay({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn(
        "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=open]:animate-in data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0",
        className,
      )}
      {...props}
    />
  );
}

/** A panel from the right edge (the only side the app uses). */
const sheetVariants = cva(
  "fixed inset-y-0 right-0 z-50 flex h-full flex-col border-l bg-background shadow-xl outline-none transition ease-in-out data-[state=closed]:animate-out data-[state=closed]:slide-out-to-right data-[state=open]:animate-in data-[state=open]:slide-in-from-right data-[state=closed]:duration-200 data-[state=open]:duration-300 motion-reduce:animate-none",
  {
    variants: {
      /** `flush` parts touch; their own borders and padding separate them. */
      spacing: { default: "gap-4", flush: "gap-0" },
      /** A menu's width, or a `wide` editor's (the full width on phones). */
      size: {
        default: "w-[min(22rem,calc(100%-2.5rem))]",
        wide: "w-full sm:w-[min(44rem,calc(100%-2.5rem))]",
      },
    },
    defaultVariants: { spacing: "default", size: "default" },
  },
);

export interface SheetContentProps
  extends React.ComponentProps<typeof SheetPrimitive.Content>,
    VariantProps<typeof sheetVariants> {
  showCloseButton?: boolean;
  closeLabel?: string;
}

export function SheetContent({
  className,
  children,
  spacing,
  size,
  showCloseButton = true,
  closeLabel = "Close",
  ...props
}: SheetContentProps) {
  return (
    <SheetPrimitive.Portal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        className={cn(sheetVariants({ spacing, size }), className)}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <SheetPrimitive.Close
            data-slot="sheet-close"
            className="absolute top-3.5 right-3.5 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4"
          >
            <X aria-hidden="true" />
            <span className="sr-only">{closeLabel}</span>
          </SheetPrimitive.Close>
        ) : null}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

/** Parts of a sheet stack their content, or lay it out in a `row`. */
type SheetPartProps = React.ComponentProps<"div"> & { row?: boolean };

export function SheetHeader({ className, row = false, ...props }: SheetPartProps) {
  return (
    <div
      data-slot="sheet-header"
      className={cn("flex p-4 pr-12", row ? "items-center gap-2" : "flex-col gap-1.5", className)}
      {...props}
    />
  );
}

export function SheetBody({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sheet-body" className={cn("flex-1 overflow-y-auto px-4", className)} {...props} />;
}

export function SheetFooter({ className, row = false, ...props }: SheetPartProps) {
  return (
    <div
      data-slot="sheet-footer"
      className={cn("mt-auto flex p-4", row ? "items-center justify-between" : "flex-col gap-2", className)}
      {...props}
    />
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title data-slot="sheet-title" className={cn("font-semibold", className)} {...props} />
  );
}

export function SheetDescription({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn("text-muted-foreground text-sm", className)}
      {...props}
    />
  );
}
