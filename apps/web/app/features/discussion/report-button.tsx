import { useState } from "react";
import { Report } from "../../components/report/report.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Flag } from "../../components/ui/icons.tsx";
import { useContributionGate } from "./contribution-gate.ts";

/** "Report" on someone else's review or related page; signed out, it asks to log in first. */
export function ReportButton({ id, what }: { id: string; what: string }) {
  const gate = useContributionGate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => gate.requireUser() && setOpen(true)}
        aria-label={`Report this ${what}`}
        data-testid="report-contribution"
      >
        <Flag aria-hidden="true" />
        <span className="max-sm:sr-only">Report</span>
      </Button>
      <Report open={open} onOpenChange={setOpen} target={{ kind: "CONTRIBUTION", id, what }} />
    </>
  );
}
