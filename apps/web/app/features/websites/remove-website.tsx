import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Trash2 } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { type SiteClaim, websitesApi } from "./websites-client.ts";

/** "Remove" with a confirmation that says what removing a site means. */
export function RemoveWebsite({ claim, onRemoved }: { claim: SiteClaim; onRemoved(): void }) {
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState(false);

  async function remove() {
    setRemoving(true);
    try {
      await websitesApi.remove(claim.id);
      notify.success(`${claim.unicodeDomain} is removed from your websites`);
      setOpen(false);
      onRemoved();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The website was not removed. Try again.");
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost-destructive"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="remove-website"
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Remove ${claim.unicodeDomain} from your websites?`}</DialogTitle>
          <DialogDescription>
            {claim.status === "VERIFIED" && !claim.verifiedByAnother
              ? "The site will have no verified owner. Your earlier official responses keep their badge."
              : "Your claim and its secret go. You can claim the site again later."}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            loading={removing}
            onClick={() => void remove()}
            data-testid="confirm-remove"
          >
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
