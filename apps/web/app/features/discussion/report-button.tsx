import { type ReactNode, useState } from "react";
import { Report } from "../../components/report/report.tsx";
import { Share } from "../../components/share/share.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Flag, type IconComponent, Share2 } from "../../components/ui/icons.tsx";
import { useContributionGate } from "./contribution-gate.ts";

/** A small button whose label a phone leaves to screen readers, and the dialog it opens. */
function DialogButton(props: {
  icon: IconComponent;
  label: string;
  ariaLabel: string;
  testId: string;
  onClick(): void;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={props.onClick}
        aria-label={props.ariaLabel}
        data-testid={props.testId}
      >
        <Icon aria-hidden="true" />
        <span className="max-sm:sr-only">{props.label}</span>
      </Button>
      {props.children}
    </>
  );
}

/** "Report" on someone else's review or related page, or on the page itself; signed out, it asks to log in first. */
export function ReportButton({
  id,
  what,
  kind = "CONTRIBUTION",
  testId = "report-contribution",
}: {
  id: string;
  what: string;
  kind?: "CONTRIBUTION" | "SITE_PAGE";
  testId?: string;
}) {
  const gate = useContributionGate();
  const [open, setOpen] = useState(false);
  return (
    <DialogButton
      icon={Flag}
      label="Report"
      ariaLabel={`Report this ${what}`}
      testId={testId}
      onClick={() => gate.requireUser() && setOpen(true)}
    >
      <Report open={open} onOpenChange={setOpen} target={{ kind, id, what }} />
    </DialogButton>
  );
}

/** "Share" on a review or a related page: its link to copy, or a mail (docs/sharing.md). */
export function ShareButton({ id, what, title }: { id: string; what: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogButton
      icon={Share2}
      label="Share"
      ariaLabel={`Share this ${what}`}
      testId="share-contribution"
      onClick={() => setOpen(true)}
    >
      <Share open={open} onOpenChange={setOpen} target={{ kind: "CONTRIBUTION", id, what, title }} />
    </DialogButton>
  );
}
