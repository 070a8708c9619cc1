import { useState } from "react";
import { Share } from "../../components/share/share.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Share2 } from "../../components/ui/icons.tsx";

/**
 * "Share" on a public note (docs/sharing.md): its link, which leads to this page with the note
 * first, to copy or mail. Anyone may copy the link; mailing asks to log in.
 */
export function ShareNote({ id, title }: { id: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => setOpen(true)}
        aria-label={`Share the note “${title}”`}
        data-testid="share-note"
      >
        <Share2 aria-hidden="true" />
      </Button>
      <Share open={open} onOpenChange={setOpen} target={{ kind: "NOTE", id, title }} />
    </>
  );
}
