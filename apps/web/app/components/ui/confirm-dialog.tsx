import { type ReactNode, useState } from "react";
import { Button } from "./button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./dialog.tsx";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button: the action removes something. */
  destructive?: boolean;
  /** Runs on confirm; the dialog closes when it resolves and stays open (for a retry) when it throws. */
  onConfirm(): Promise<void>;
  /** Extra content between the text and the buttons (a field to type a name into). */
  children?: ReactNode;
  /** Keeps the confirm button off (until the typed name matches, say). */
  confirmDisabled?: boolean;
  testId?: string;
  /** The confirm button's test id. */
  confirmTestId?: string;
}

/**
 * "Are you sure?" with what the action means: one shape for every confirmation, so each says
 * its consequence, names its buttons by what they do, and shows progress while it runs.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = false,
  onConfirm,
  children,
  confirmDisabled = false,
  testId = "confirm-dialog",
  confirmTestId = "confirm-action",
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller said what went wrong (a toast or a field); the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? "destructive" : "default"}
            loading={busy}
            disabled={confirmDisabled}
            onClick={() => void confirm()}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
