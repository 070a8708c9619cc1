import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Trash2 } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { type SiteClaim, websitesApi } from "./websites-client.ts";

/** "Remove" with a confirmation that says what removing a site means. */
export function RemoveWebsite({ claim, onRemoved }: { claim: SiteClaim; onRemoved(): void }) {
  const [open, setOpen] = useState(false);
  const whose = claim.ownerKind === "ORGANIZATION" ? "the organisation's" : "your";

  async function remove() {
    try {
      await websitesApi.remove(claim.id);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The website was not removed. Try again.");
      throw error;
    }
    notify.success(`${claim.unicodeDomain} is removed from ${whose} websites`);
    onRemoved();
  }

  return (
    <>
      <Button
        variant="ghost-destructive"
        size="sm"
        onClick={() => setOpen(true)}
        data-testid="remove-website"
      >
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove ${claim.unicodeDomain} from ${whose} websites?`}
        description={
          claim.status === "VERIFIED" && !claim.verifiedByAnother
            ? "The site will have no verified owner. Earlier official responses keep their badge."
            : "The claim and its secret go. You can claim the site again later."
        }
        cancelLabel="Keep it"
        confirmLabel="Remove"
        destructive
        onConfirm={remove}
      />
    </>
  );
}
