import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../components/ui/button.tsx";
import { DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { type AuthDialogOptions, authDialogs } from "../../lib/auth-dialog-store.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";
import { FORM_MODE, type ForgotPasswordFormInput, ForgotPasswordFormSchema } from "./account-forms.ts";
import { linkButtonClass, TextField } from "./form-fields.tsx";

/** docs/web-app.md#routes-and-layouts forgot-password dialog; docs/web-app.md#session: after Send it always swaps back to login. */
export function ForgotPasswordForm({ options }: { options: AuthDialogOptions }) {
  const form = useForm<ForgotPasswordFormInput, unknown, { mail: string }>({
    resolver: zodResolver(ForgotPasswordFormSchema),
    defaultValues: { mail: options.email ?? "" },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    form.setFocus("mail");
  }, [form]);

  const onSubmit = form.handleSubmit(async ({ mail }) => {
    try {
      await accountApi.requestPasswordReset(mail);
      notify.success("Password instructions sent");
    } catch {
      // docs/web-app.md#new-versions-and-failures: no message on failure (and the answer never tells whether the address exists).
    }
    authDialogs.show("login", mail);
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      data-testid="forgot-password-form"
    >
      <DialogHeader>
        <DialogTitle large>Forgot your password?</DialogTitle>
        <DialogDescription>
          Enter your email and we will send you reset password instructions.
        </DialogDescription>
      </DialogHeader>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="Email"
        error={errors.mail?.message}
        {...form.register("mail")}
      />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Send
      </Button>
      <p className="text-center text-muted-foreground text-sm">
        Already have an account?{" "}
        <button
          type="button"
          className={linkButtonClass}
          onClick={() => authDialogs.show("login", form.getValues("mail").trim())}
        >
          Log in
        </button>
      </p>
    </form>
  );
}
