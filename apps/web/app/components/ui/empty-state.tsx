import type * as React from "react";
import { cn } from "../../lib/cn.ts";
import type { IconComponent } from "./icons.tsx";

export interface EmptyStateProps extends Omit<React.ComponentProps<"section">, "title"> {
  icon?: IconComponent;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Buttons or links that lead somewhere useful. */
  action?: React.ReactNode;
  /** Heading level of the title, so the page outline stays right wherever the state is used. */
  headingLevel?: 2 | 3;
  /** Less space above and below, for a state inside a list rather than in place of a page. */
  compact?: boolean;
}

/** What a page or list says when there is nothing (yet) to show: honest, calm, with a way on. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  headingLevel = 2,
  compact = false,
  className,
  children,
  ...props
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed px-6 text-center",
        compact ? "py-10" : "py-12",
        className,
      )}
      {...props}
    >
      {Icon ? (
        <div className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </div>
      ) : null}
      <Heading className="font-semibold text-base text-foreground">{title}</Heading>
      {description ? (
        <div className="max-w-md text-pretty text-muted-foreground text-sm">{description}</div>
      ) : null}
      {children}
      {action ? <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </section>
  );
}
