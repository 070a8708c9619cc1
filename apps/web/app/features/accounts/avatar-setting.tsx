import { ACCOUNT_MESSAGES, type Account, AVATAR_ACCEPT } from "@flipside/contracts/accounts";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DeferredDialog } from "../../components/ui/deferred.tsx";
import { ImagePlus, Trash2 } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";

// The cropper (and its gesture code) comes when someone has chosen a picture.
const loadCropDialog = () => import("./avatar-crop-dialog.tsx");
const ACCEPTED = new Set(AVATAR_ACCEPT.split(","));
/** The file chosen is cropped to 512 px here before it is sent, so it may be far larger than what the server takes. */
const SOURCE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The picture beside everything you write: choose a file, crop it to a square, and it is sent
 * (`POST /account/change-image-url`); "Remove" goes back to your initials.
 */
export function AvatarSetting({ account }: { account: Account }) {
  const { revalidate } = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  // An object URL holds the file in memory until it is revoked.
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  function choose(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    setProblem(null);
    // Said at once rather than after the upload: the server checks the content again anyway.
    if (!ACCEPTED.has(file.type)) return setProblem(ACCOUNT_MESSAGES.imageType);
    if (file.size > SOURCE_MAX_BYTES) return setProblem("The picture must be 20 MB or smaller");
    setSource(URL.createObjectURL(file));
  }

  async function upload(dataUrl: string) {
    try {
      await accountApi.changeImage(dataUrl);
    } catch (error) {
      const message = isApiError(error)
        ? (Object.values(error.fieldErrors)[0] ?? error.message)
        : "Could not upload your picture. Try again.";
      throw new Error(message);
    }
    setSource(null);
    notify.success("Your picture is updated");
    await revalidate();
  }

  async function remove() {
    setRemoving(true);
    try {
      await accountApi.removeImage();
      notify.success("Your picture is removed");
      await revalidate();
    } catch {
      notify.error("Could not remove your picture. Try again.");
    } finally {
      setRemoving(false);
    }
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar name={account.displayName} imageUrl={account.imageUrl} className="size-24 text-2xl" eager />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => input.current?.click()}
            data-testid="avatar-choose"
          >
            <ImagePlus aria-hidden="true" />
            {account.imageUrl ? "Change picture" : "Choose a picture"}
          </Button>
          {account.imageUrl ? (
            <Button
              type="button"
              variant="ghost-destructive"
              onClick={remove}
              loading={removing}
              data-testid="avatar-remove"
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
        <p className="text-muted-foreground text-xs">JPEG, PNG, WebP or GIF. You can crop it next.</p>
        {problem ? (
          <p role="alert" className="text-destructive text-sm" data-testid="avatar-problem">
            {problem}
          </p>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => choose(event.target.files?.[0])}
          data-testid="avatar-file"
        />
      </div>
      {source ? (
        <DeferredDialog open load={loadCropDialog} onUnavailable={() => setSource(null)}>
          {(m) => (
            <m.AvatarCropDialog
              source={source}
              open
              onOpenChange={(open) => {
                if (!open) setSource(null);
              }}
              onCropped={upload}
            />
          )}
        </DeferredDialog>
      ) : null}
    </div>
  );
}
