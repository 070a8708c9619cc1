import { useState } from "react";
import { Report } from "../../components/report/report.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Flag } from "../../components/ui/icons.tsx";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";

/** "Report" on someone's public page: signed out, it asks to log in first; nobody reports themselves. */
export function ReportPerson({ id, displayName }: { id: string; displayName: string }) {
  const user = useShellUser();
  const [open, setOpen] = useState(false);
  if (user?.id === id) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => (user ? setOpen(true) : authDialogs.openLogin())}
        aria-label={`Report ${displayName}`}
        data-testid="report-person"
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      <Report open={open} onOpenChange={setOpen} target={{ kind: "ACCOUNT", id, what: "person" }} />
    </>
  );
}

/** "Report" on someone's public note (their public page); not on one's own. */
export function ReportNote({ id, authorId, title }: { id: string; authorId: string; title: string }) {
  const user = useShellUser();
  const [open, setOpen] = useState(false);
  if (user?.id === authorId) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => (user ? setOpen(true) : authDialogs.openLogin())}
        aria-label={`Report the note “${title}”`}
        data-testid="report-note"
      >
        <Flag aria-hidden="true" />
      </Button>
      <Report open={open} onOpenChange={setOpen} target={{ kind: "CONTRIBUTION", id, what: "note" }} />
    </>
  );
}
