import { ChangePasswordRequest } from "@flipside/contracts/accounts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";
import { applyServerErrors, FORM_MODE, validBy } from "./account-forms.ts";
import { FormAlert, PasswordField } from "./form-fields.tsx";

const DeleteAccountSchema = z.object({
  password: validBy(ChangePasswordRequest.shape.currentPassword, "Password"),
});
type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;

/** What goes and what stays: said before the button, and again in the dialog. */
function Consequences() {
  return (
    <ul className="list-disc space-y-1 pl-5 text-muted-foreground text-sm">
      <li>
        Your account, your picture, your notes and your votes are removed, and every device is signed out.
      </li>
      <li>
        What you wrote in public stays so that conversations keep their shape, but it is shown as by a deleted
        user, without your name or picture.
      </li>
      <li>This cannot be undone.</li>
    </ul>
  );
}

/** "Delete account": the password confirms it; then the visitor is signed out and sent home. */
export function DeleteAccount({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(DeleteAccountSchema),
    defaultValues: { password: "" },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;

  function onOpenChange(next: boolean) {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      form.reset();
      setFormErrors([]);
    }
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormErrors([]);
    try {
      await accountApi.deleteAccount(password);
    } catch (error) {
      setFormErrors(
        isApiError(error)
          ? applyServerErrors(error, ["password"], form.setError)
          : ["Could not delete your account. Try again."],
      );
      return;
    }
    setOpen(false);
    notify.success("Your account is deleted");
    await navigate("/");
    await revalidate();
  });

  return (
    <div className="flex flex-col gap-4">
      <Consequences />
      <div>
        <Button variant="destructive" onClick={() => setOpen(true)} data-testid="delete-account-open">
          Delete account
        </Button>
      </div>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent data-testid="delete-account-dialog">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>Enter your password to confirm.</DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <Consequences />
            <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
            <FormAlert messages={formErrors} />
            <PasswordField
              label="Password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register("password")}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Keep my account
              </Button>
              <Button type="submit" variant="destructive" loading={isSubmitting}>
                Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
