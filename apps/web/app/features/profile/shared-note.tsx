import type { Note } from "@flipside/contracts/discussion";
import { useEffect, useId, useRef } from "react";
import { Share2 } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import { NOTE_CARD, NoteCard } from "./notes-list.tsx";

/**
 * The public note a share link points at (docs/sharing.md), first on its author's page under a
 * heading saying so, whole, and scrolled to once the page is shown.
 */
export function SharedNote({ note }: { note: Note }) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    section.current?.scrollIntoView({ block: "center" });
  }, []);

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      data-testid="shared-note"
      className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
        <Share2 className="size-4" aria-hidden="true" />A note shared with you
      </h2>
      <div id={`note-${note.id}`} className={cn(NOTE_CARD, "bg-background ring-2 ring-primary")}>
        <NoteCard note={note} onPublicPage whole />
      </div>
    </section>
  );
}
