import {
  AD_REPORT_REASON_LABELS,
  AD_REPORT_REASONS,
  type AdReportReason,
} from "@flipside/contracts/ad-report";
import { useId, useState } from "react";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";

/** "Report this ad": one of four reasons, for Flipside's reviewers; its code comes when opened. */
export function ReportAdDialog({
  title,
  open,
  onOpenChange,
  onReport,
}: {
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onReport(reason: AdReportReason): Promise<void>;
}) {
  const [reason, setReason] = useState<AdReportReason | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent data-testid="ad-report-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Flipside's reviewers look at every ad reported.</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!reason) {
              setProblem("Choose what is wrong with it.");
              return;
            }
            setBusy(true);
            try {
              await onReport(reason);
            } catch {
              setProblem("The report was not sent. Try again.");
            } finally {
              setBusy(false);
            }
          }}
        >
          <fieldset className="flex flex-col gap-2" aria-describedby={problem ? problemId : undefined}>
            <legend className="mb-2 font-medium text-sm">What is wrong with it?</legend>
            {AD_REPORT_REASONS.map((r) => (
              <label key={r} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="ad-report-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-primary"
                />
                {AD_REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
          {problem ? (
            <p id={problemId} role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="ad-report-send">
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
