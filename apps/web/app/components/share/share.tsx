import type { ComponentProps } from "react";
import { DeferredDialog } from "../ui/deferred.tsx";
import type { ShareDialog } from "./share-dialog.tsx";

const load = () => import("./share-dialog.tsx");

/** The share dialog, whose code comes the first time someone opens it. */
export function Share(props: ComponentProps<typeof ShareDialog>) {
  return (
    <DeferredDialog open={props.open} load={load} onUnavailable={() => props.onOpenChange(false)}>
      {(m) => <m.ShareDialog {...props} />}
    </DeferredDialog>
  );
}
