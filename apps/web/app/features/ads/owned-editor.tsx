import { AD_LIMITS, ADS_MESSAGES } from "@flipside/contracts/ads-constants";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "../../components/ui/sheet.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";

/** The message for an ads object's name, or undefined when it is fine (ADS.md §4.2). */
export function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return ADS_MESSAGES.nameRequired;
  if (trimmed.length > AD_LIMITS.nameMax) return ADS_MESSAGES.nameTooLong;
  return undefined;
}

/**
 * Runs a save: the success toast, or the API's field messages for the form and its detail in a
 * toast. Answers whether it saved.
 */
export async function saveWithMessages(
  run: () => Promise<unknown>,
  {
    saved,
    what,
    setErrors,
  }: { saved: string; what: string; setErrors: (errors: Record<string, string>) => void },
): Promise<boolean> {
  try {
    await run();
    notify.success(saved);
    return true;
  } catch (error) {
    if (isApiError(error) && error.errors.length > 0) setErrors(error.fieldErrors);
    notify.error(isApiError(error) ? error.message : `The ${what} was not saved. Try again.`);
    return false;
  }
}

/**
 * The sheet a filter list, geo fence or audience is edited in: its fields (read-only for a
 * MEMBER), then Delete, Cancel and Save; deleting asks first and is refused while a campaign uses
 * it. `testId` prefixes the parts' test ids (`{testId}-editor`, `-save`, `-delete`).
 */
export function OwnedEditor({
  testId,
  title,
  description,
  canWrite,
  saveLabel,
  onSave,
  onClose,
  deletion,
  after,
  overlays,
  children,
}: {
  testId: string;
  title: string;
  description: ReactNode;
  canWrite: boolean;
  saveLabel: string;
  onSave: () => Promise<void>;
  onClose: () => void;
  /** What Delete removes; null for one not saved yet. */
  deletion: {
    name: string;
    what: string;
    remove: () => Promise<unknown>;
    deleted: string;
    onDeleted: () => void;
  } | null;
  /** Below the fields, usable even when they are read-only ("Check an address"). */
  after?: ReactNode;
  /** Dialogs the fields open. */
  overlays?: ReactNode;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSave();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent size="wide" spacing="flush" data-testid={`${testId}-editor`}>
        <SheetHeader className="border-b">
          <SheetTitle className="text-lg">{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
          <SheetBody className="py-5">
            <fieldset disabled={!canWrite} className="flex min-w-0 flex-col gap-6">
              {children}
            </fieldset>
            {after}
          </SheetBody>
          <SheetFooter row className="gap-2 border-t">
            {deletion && canWrite ? (
              <Button
                type="button"
                variant="ghost"
                className="text-destructive"
                onClick={() => setDeleting(true)}
                data-testid={`${testId}-delete`}
              >
                Delete
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              {canWrite ? (
                <Button type="submit" loading={busy} data-testid={`${testId}-save`}>
                  {saveLabel}
                </Button>
              ) : null}
            </div>
          </SheetFooter>
        </form>
        {overlays}
        {deletion ? (
          <DeleteOwnedDialog
            open={deleting}
            onOpenChange={setDeleting}
            {...deletion}
            testId={`${testId}-delete-dialog`}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

/**
 * "Delete {name}?" for a filter list, geo fence or audience. One a campaign still uses is
 * refused (409, "This list is used by {n} campaigns…"): that is said, and the dialog closes, since
 * another try would change nothing; any other failure keeps it open for one.
 */
function DeleteOwnedDialog({
  open,
  onOpenChange,
  name,
  what,
  remove,
  deleted,
  onDeleted,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  /** "filter list", "geo fence", "audience". */
  what: string;
  remove: () => Promise<unknown>;
  /** The success toast, e.g. "Filter list deleted". */
  deleted: string;
  onDeleted: () => void;
  testId: string;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${name}?`}
      description={`The ${what} is removed for good. This cannot be undone.`}
      confirmLabel="Delete"
      destructive
      onConfirm={async () => {
        try {
          await remove();
          notify.success(deleted);
          onDeleted();
        } catch (error) {
          notify.error(isApiError(error) ? error.message : `The ${what} was not deleted. Try again.`);
          if (!isApiError(error) || error.status !== 409) throw error;
        }
      }}
      testId={testId}
    />
  );
}
