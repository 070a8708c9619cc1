import type { ReactNode } from "react";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
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
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      cancelLabel="Keep it"
      confirmLabel="Delete"
      destructive
      testId="confirm-delete-dialog"
      confirmTestId="confirm-delete"
      onConfirm={async () => {
        try {
          await onConfirm();
        } catch (error) {
          gate.report(error, failure);
          throw error;
        }
      }}
    />
  );
}
