import { useState } from "react";
import { Report } from "../../components/report/report.tsx";
import type { ReportTarget } from "../../components/report/report-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Flag } from "../../components/ui/icons.tsx";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";

/**
 * "Report" on a person's public page, for the person or one of their public notes: signed out, it
 * asks to log in first; nobody reports themselves or what they wrote.
 */
function ReportOnProfile({
  target,
  ownerId,
  label,
  iconOnly = false,
  testId,
}: {
  target: ReportTarget;
  /** Whose it is: they see no Report. */
  ownerId: string;
  label: string;
  iconOnly?: boolean;
  testId: string;
}) {
  const user = useShellUser();
  const [open, setOpen] = useState(false);
  if (user?.id === ownerId) return null;
  return (
    <>
      <Button
        variant="ghost"
        size={iconOnly ? "icon-sm" : "sm"}
        onClick={() => (user ? setOpen(true) : authDialogs.openLogin())}
        aria-label={label}
        data-testid={testId}
      >
        <Flag aria-hidden="true" />
        {iconOnly ? null : "Report"}
      </Button>
      <Report open={open} onOpenChange={setOpen} target={target} />
    </>
  );
}

export function ReportPerson({ id, displayName }: { id: string; displayName: string }) {
  return (
    <ReportOnProfile
      target={{ kind: "ACCOUNT", id, what: "person" }}
      ownerId={id}
      label={`Report ${displayName}`}
      testId="report-person"
    />
  );
}

export function ReportNote({ id, authorId, title }: { id: string; authorId: string; title: string }) {
  return (
    <ReportOnProfile
      target={{ kind: "CONTRIBUTION", id, what: "note" }}
      ownerId={authorId}
      label={`Report the note “${title}”`}
      iconOnly
      testId="report-note"
    />
  );
}
