import type { ComponentProps } from "react";
import { DeferredDialog } from "../../components/ui/deferred.tsx";
import type { ConfirmDeleteDialog } from "./confirm-delete-dialog.tsx";

const load = () => import("./confirm-delete-dialog.tsx");

/**
 * "Delete this …?" whose code (the dialog and Radix) comes the first time it opens: every item of
 * a list has one, and few are ever asked. Offline, a toast says so and it closes again.
 */
export function ConfirmDelete(props: ComponentProps<typeof ConfirmDeleteDialog>) {
  return (
    <DeferredDialog open={props.open} load={load} onUnavailable={() => props.onOpenChange(false)}>
      {(m) => <m.ConfirmDeleteDialog {...props} />}
    </DeferredDialog>
  );
}
