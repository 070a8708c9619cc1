import { ChangePasswordRequest, NewPassword } from "@flipside/contracts/accounts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { Button } from "../../components/ui/button.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";
import { applyServerErrors, FORM_MODE, validBy } from "./account-forms.ts";
import { FormAlert, PasswordField } from "./form-fields.tsx";
import { NewPasswordField } from "./new-password-field.tsx";

const ChangePasswordSchema = z.object({
  currentPassword: validBy(ChangePasswordRequest.shape.currentPassword, "Current password"),
  newPassword: NewPassword,
});
type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;
const FIELDS = ["currentPassword", "newPassword"] as const;

/**
 * Current and new password (docs/accounts.md#passwords). The server signs out every other device
 * and mails a notice; this one stays signed in.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const { revalidate } = useRevalidator();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: "newPassword" });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await accountApi.changePassword(values);
    } catch (error) {
      setFormErrors(
        isApiError(error)
          ? applyServerErrors(error, FIELDS, form.setError)
          : ["Could not change your password. Try again."],
      );
      return;
    }
    form.reset();
    // The sessions list below shows the other devices gone.
    void revalidate();
    notify.success("Your password is changed", {
      description: "Every other device was signed out. We sent you a mail about it.",
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" data-testid="change-password-form">
      {/* Lets a password manager know which account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormAlert messages={formErrors} />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register("currentPassword")}
      />
      <NewPasswordField
        label="New password"
        value={newPassword}
        error={errors.newPassword?.message}
        registration={form.register("newPassword")}
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          Change password
        </Button>
      </div>
    </form>
  );
}
