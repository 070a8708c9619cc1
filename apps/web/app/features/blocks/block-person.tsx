import { BLOCK_MESSAGES } from "@flipside/contracts/block-constants";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Ban } from "../../components/ui/icons.tsx";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { notify } from "../../lib/toast.ts";
import { createBlocksClient } from "./blocks-client.ts";

const blocks = createBlocksClient();

/**
 * "Block" on someone's public page, "Unblock" once blocked. Whether the viewer blocked them is
 * asked after hydration (the page itself is the same for everyone); nobody blocks themselves.
 */
export function BlockPerson({ id, displayName }: { id: string; displayName: string }) {
  const user = useShellUser();
  const { revalidate } = useRevalidator();
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  const signedIn = Boolean(user);
  const self = user?.id === id;

  useEffect(() => {
    if (!signedIn || self) return;
    let live = true;
    blocks.isBlocked(id).then(
      (answer) => live && setBlocked(answer),
      () => live && setBlocked(false),
    );
    return () => {
      live = false;
    };
  }, [id, signedIn, self]);

  if (self) return null;

  async function unblock() {
    try {
      await blocks.unblock(id);
      setBlocked(false);
      notify.success(BLOCK_MESSAGES.unblocked);
      await revalidate();
    } catch {
      notify.error(`Could not unblock ${displayName}. Try again.`);
    }
  }

  if (blocked) {
    return (
      <Button variant="outline" size="sm" onClick={unblock} data-testid="unblock-person">
        <Ban aria-hidden="true" />
        Unblock
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => (user ? setConfirming(true) : authDialogs.openLogin())}
        disabled={signedIn && blocked === null}
        aria-label={`Block ${displayName}`}
        data-testid="block-person"
      >
        <Ban aria-hidden="true" />
        Block
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${displayName}?`}
        description={`You will no longer see each other's comments, replies, reviews, related pages and public notes, and neither of you can answer or vote on the other's. ${displayName} is not told. You can unblock them here or in Settings.`}
        confirmLabel="Block"
        destructive
        testId="block-dialog"
        confirmTestId="block-confirm"
        onConfirm={async () => {
          try {
            await blocks.block(id);
          } catch (error) {
            notify.error(`Could not block ${displayName}. Try again.`);
            throw error;
          }
          setBlocked(true);
          notify.success(BLOCK_MESSAGES.blocked);
          await revalidate();
        }}
      />
    </>
  );
}
