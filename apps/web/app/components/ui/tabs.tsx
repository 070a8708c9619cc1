import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn.ts";

/*
 * The WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/) with automatic
 * activation, written here rather than taken from Radix: Radix Tabs brings its roving-focus
 * collection to every page view's first load for what is a few key handlers (decision 020).
 * The selected tab is the list's one tab stop; arrows, Home and End move between the enabled tabs
 * (wrapping) and select the one they land on; each panel is labelled by its tab.
 */

interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: "tab" | "panel", value: string) => string;
}

const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = React.useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

type TabsProps = Omit<React.ComponentProps<"div">, "defaultValue" | "onChange"> & {
  /** The selected tab, when the caller owns it; otherwise the tabs keep their own, starting at `defaultValue`. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

/** Tabs stacked over their panels; the space between them is the caller's (`gap-…`). */
export function Tabs({ className, value, defaultValue = "", onValueChange, children, ...props }: TabsProps) {
  const [own, setOwn] = React.useState(defaultValue);
  const selected = value ?? own;
  const baseId = React.useId();
  const state = React.useMemo<TabsState>(
    () => ({
      value: selected,
      select: (next) => {
        if (next === selected) return;
        setOwn(next);
        onValueChange?.(next);
      },
      idOf: (part, v) => `${baseId}${part}-${v}`,
    }),
    [selected, baseId, onValueChange],
  );
  return (
    <div data-slot="tabs" className={cn("flex flex-col", className)} {...props}>
      <TabsContext.Provider value={state}>{children}</TabsContext.Provider>
    </div>
  );
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

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Arrows, Home and End move the focus among the list's enabled tabs; focusing a tab selects it. */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  const step = STEPS[event.key];
  if (!step || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const from = tabs.indexOf(event.target as HTMLButtonElement);
  if (from < 0) return;
  event.preventDefault();
  tabs[step(from, tabs.length)]?.focus();
}

export function TabsList({
  className,
  size,
  onKeyDown,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof tabsListVariants>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(tabsListVariants({ size }), className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

const tabsTriggerVariants = cva(
  "inline-flex h-full cursor-pointer items-center justify-center whitespace-nowrap rounded-md border border-transparent py-1 font-medium transition-[color,box-shadow] hover:text-foreground focus-visible:outline-1 focus-visible:outline-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  {
    variants: {
      /**
       * `fill` shares the list's width; `fit` is as wide as its content; `stacked` shares it on a
       * phone with its name under its icon, and is as wide as its content from `sm` up.
       */
      size: {
        fill: "flex-1 gap-1.5 px-3 text-sm",
        "fill-sm": "flex-1 gap-1.5 px-3 text-xs",
        fit: "flex-none gap-1.5 px-3 text-sm",
        stacked:
          "min-w-0 flex-1 flex-col gap-0.5 px-1 text-xs sm:flex-none sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm",
      },
      tone: { default: "data-[state=active]:text-foreground", note: "data-[state=active]:text-note" },
    },
    defaultVariants: { size: "fill", tone: "default" },
  },
);

type TabsTriggerProps = Omit<React.ComponentProps<"button">, "value"> &
  VariantProps<typeof tabsTriggerVariants> & { value: string };

export function TabsTrigger({ className, size, tone, value, onClick, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs("TabsTrigger");
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf("tab", value)}
      aria-selected={selected}
      aria-controls={tabs.idOf("panel", value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? "active" : "inactive"}
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ size, tone }), className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      {...props}
    />
  );
}

type TabsContentProps = React.ComponentProps<"div"> & {
  value: string;
  /** Keep the panel in the document (hidden) while another tab is selected. */
  forceMount?: boolean;
};

export function TabsContent({ className, value, forceMount, ...props }: TabsContentProps) {
  const tabs = useTabs("TabsContent");
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf("panel", value)}
      aria-labelledby={tabs.idOf("tab", value)}
      hidden={!selected}
      data-state={selected ? "active" : "inactive"}
      data-slot="tabs-content"
      className={cn("flex-1 outline-none", className)}
      {...props}
    />
  );
}
