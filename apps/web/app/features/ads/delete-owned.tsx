import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";

/**
 * "Delete {name}?" for a filter list, geo fence or audience. One a campaign still uses is
 * refused (409, "This list is used by {n} campaigns…"): that is said, and the dialog closes, since
 * another try would change nothing; any other failure keeps it open for one.
 */
export function DeleteOwnedDialog({
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
