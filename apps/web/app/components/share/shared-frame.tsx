import { type ReactNode, useEffect, useId, useRef } from "react";
import { Share2 } from "../ui/icons.tsx";

/** The ring around what was shared. */
export const SHARED_TARGET = "rounded-lg bg-background p-3 ring-2 ring-primary";

/**
 * What a share link points at (docs/sharing.md), first under a heading saying so, and scrolled to
 * (the element marked `data-shared-target`) once the page is shown: a contribution on the page
 * view, a public note on its author's page.
 */
export function SharedFrame({
  heading,
  after,
  testId,
  children,
}: {
  heading: string;
  /** Where the rest is, under what was shared. */
  after?: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    section.current?.querySelector("[data-shared-target]")?.scrollIntoView({ block: "center" });
  }, []);

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
        <Share2 className="size-4" aria-hidden="true" />
        {heading}
      </h2>
      {children}
      {after ? <p className="text-muted-foreground text-xs">{after}</p> : null}
    </section>
  );
}
