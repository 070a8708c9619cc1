import { useState } from "react";
import { Report } from "../../components/report/report.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Flag } from "../../components/ui/icons.tsx";
import { useContributionGate } from "./contribution-gate.ts";

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
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => gate.requireUser() && setOpen(true)}
        aria-label={`Report this ${what}`}
        data-testid={testId}
      >
        <Flag aria-hidden="true" />
        <span className="max-sm:sr-only">Report</span>
      </Button>
      <Report open={open} onOpenChange={setOpen} target={{ kind, id, what }} />
    </>
  );
}
