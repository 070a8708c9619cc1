import type { ComponentProps } from "react";
import { DeferredDialog } from "../ui/deferred.tsx";
import type { ReportDialog } from "./report-dialog.tsx";

const load = () => import("./report-dialog.tsx");

/** The report dialog, whose code comes the first time someone opens it (every item can report). */
export function Report(props: ComponentProps<typeof ReportDialog>) {
  return (
    <DeferredDialog open={props.open} load={load} onUnavailable={() => props.onOpenChange(false)}>
      {(m) => <m.ReportDialog {...props} />}
    </DeferredDialog>
  );
}
