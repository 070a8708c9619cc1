import { type ReactNode, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { useContributionGate } from "./contribution-gate.ts";

/**
 * "Delete this …?" with Keep it / Delete. `onConfirm` does the deleting; the dialog shows the
 * progress, closes once it is done, and reports a failure with `failure` as the fallback text.
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  failure,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  failure: string;
  onConfirm(): Promise<void>;
}) {
  const gate = useContributionGate();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    setDeleting(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (error) {
      gate.report(error, failure);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            loading={deleting}
            onClick={() => void confirm()}
            data-testid="confirm-delete"
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
