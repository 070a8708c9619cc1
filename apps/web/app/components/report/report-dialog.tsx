import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from "@flipside/contracts/moderation-constants";
import { useId, useState } from "react";
import { api } from "../../lib/api.ts";
import { sendFailure } from "../../lib/send-failure.ts";
import { notify } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { Label } from "../ui/label.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** What is reported: a contribution or public note, a page, or a person; `what` names it ("comment"). */
export interface ReportTarget {
  kind: "CONTRIBUTION" | "SITE_PAGE" | "ACCOUNT";
  id: string;
  what: string;
}

const CALLS: Record<ReportTarget["kind"], { path: string; field: string }> = {
  CONTRIBUTION: { path: "/v1/contribution-reports", field: "contributionId" },
  SITE_PAGE: { path: "/v1/site-page-reports", field: "sitePage_id" },
  ACCOUNT: { path: "/v1/user-reports", field: "userId" },
};

export const REPORT_SENT = "Thank you. Moderators will look at it, and we will tell you what they decide.";

/**
 * Report something to the moderators (docs/moderation.md): a reason from the fixed list and,
 * if the person wants, a few words. Nobody else learns who reported.
 */
export function ReportDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  target: ReportTarget;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const textId = useId();
  const problemId = useId();

  async function send() {
    if (!reason) {
      setProblem("Choose what is wrong with it.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const call = CALLS[target.kind];
      await api.post(call.path, {
        [call.field]: target.id,
        reason,
        ...(text.trim() ? { text: text.trim() } : {}),
      });
      notify.success(REPORT_SENT);
      setReason(null);
      setText("");
      onOpenChange(false);
    } catch (error) {
      setProblem(sendFailure(error, "The report was not sent. Try again.", () => onOpenChange(false)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>{`Report this ${target.what}`}</DialogTitle>
          <DialogDescription>
            Moderators read every report. Nobody else learns who reported, and the person is not told.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <fieldset className="flex flex-col gap-2" aria-describedby={problem ? problemId : undefined}>
            <legend className="mb-2 font-medium text-sm">What is wrong with it?</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-primary"
                  data-testid={`report-reason-${r}`}
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={textId}>Anything moderators should know? (optional)</Label>
            <Textarea
              id={textId}
              value={text}
              maxLength={REPORT_TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
              data-testid="report-text"
            />
            <span className="text-muted-foreground text-xs">{`${text.length} / ${REPORT_TEXT_MAX}`}</span>
          </div>
          {problem ? (
            <p id={problemId} role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} data-testid="report-send">
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
