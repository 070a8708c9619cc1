import { cn } from "../../lib/cn.ts";
import { AppLink } from "./app-link.tsx";

/** The flip mark: a page whose corner is turned over to show its other side. */
/** `className` sets its size too (`size-7` unless given). */
export function LogoMark({ className = "size-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M9.5 7h8.25L23 12.25V24a1 1 0 0 1-1 1H9.5a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Z"
        className="fill-primary-foreground"
      />
      <path d="M17.75 7v4.25a1 1 0 0 0 1 1H23Z" className="fill-primary" opacity="0.45" />
    </svg>
  );
}

export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <AppLink
      to="/"
      data-testid="logo"
      className={cn(
        "inline-flex items-center gap-2 rounded-md font-semibold text-[1.05rem] tracking-tight outline-none focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-solid focus-visible:outline-offset-2",
        className,
      )}
    >
      <LogoMark />
      <span className={cn(compact && "sr-only sm:not-sr-only")}>Flipside</span>
      {compact ? null : <span className="sr-only">, home</span>}
    </AppLink>
  );
}
