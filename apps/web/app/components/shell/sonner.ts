// sonner in a chunk of its own, loaded by `<Toaster>` (docs/web-app.md#toasts).
export { Toaster, toast } from "sonner";
