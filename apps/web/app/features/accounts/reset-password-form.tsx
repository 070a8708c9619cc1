import { ACCOUNT_MESSAGES } from "@flipside/contracts/accounts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CircleCheck, KeyRound, Link2Off } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { accountApi } from "./account-api.ts";
import {
  applyServerErrors,
  FORM_MODE,
  type ResetPasswordFormInput,
  ResetPasswordFormSchema,
} from "./account-forms.ts";
import { FormAlert } from "./form-fields.tsx";
import { NewPasswordField } from "./new-password-field.tsx";

type Outcome = "form" | "done" | "invalid-link";

function Heading({ icon: Icon, tone, children }: { icon: typeof KeyRound; tone: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // A new outcome replaces the form: move focus to what it says.
  useEffect(() => {
    if (tone !== "muted") ref.current?.focus();
  }, [tone]);
  return (
    <div className="flex flex-col gap-3">
      <div
        className={
          tone === "success"
            ? "flex size-10 items-center justify-center rounded-full bg-success/10 text-success"
            : tone === "error"
              ? "flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive"
              : "flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground"
        }
      >
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <h1 ref={ref} tabIndex={-1} className="font-semibold text-xl tracking-tight outline-none">
        {children}
      </h1>
    </div>
  );
}

/**
 * /reset-password?key=…: choose a new password with the password rules (docs/accounts.md#passwords) ticked off live; once set,
 * every session is signed out by the server, and the confirmation offers to log in.
 */
export function ResetPasswordForm({ resetKey }: { resetKey: string | null }) {
  const [outcome, setOutcome] = useState<Outcome>(resetKey ? "form" : "invalid-link");
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { newPassword: "" },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: "newPassword" });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    if (!resetKey) return;
    setFormErrors([]);
    try {
      await accountApi.finishPasswordReset({ key: resetKey, newPassword });
    } catch (error) {
      if (!isApiError(error)) {
        setFormErrors(["Could not set the password. Try again."]);
        return;
      }
      if (error.fieldErrors.key) {
        setOutcome("invalid-link");
        return;
      }
      setFormErrors(applyServerErrors(error, ["newPassword"], form.setError));
      return;
    }
    // The confirmation is read first; its "Log in" opens the dialog (issue 19: opened at once, the
    // dialog covered the news that the password was changed).
    setOutcome("done");
  });

  if (outcome === "invalid-link") {
    return (
      <div className="flex flex-col gap-4" data-testid="reset-password-invalid">
        <Heading icon={Link2Off} tone="error">
          This link does not work
        </Heading>
        <p className="text-muted-foreground text-sm">{ACCOUNT_MESSAGES.invalidResetKey}</p>
        <p className="text-muted-foreground text-sm">
          Ask for a new one: it is valid for 24 hours and works once.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => authDialogs.openForgotPassword({ redirectTo: "/" })}>Send a new link</Button>
          <Button asChild variant="outline">
            <AppLink to="/">Back to Flipside</AppLink>
          </Button>
        </div>
      </div>
    );
  }

  if (outcome === "done") {
    return (
      <div className="flex flex-col gap-4" data-testid="reset-password-done">
        <Heading icon={CircleCheck} tone="success">
          Your password was changed
        </Heading>
        <p className="text-muted-foreground text-sm">
          For your safety every device that was logged in has been logged out. Log in with your new password.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => authDialogs.openLogin({ redirectTo: "/" })}
            data-testid="reset-password-login"
          >
            Log in
          </Button>
          <Button asChild variant="outline">
            <AppLink to="/">Back to Flipside</AppLink>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      data-testid="reset-password-form"
    >
      <div className="flex flex-col gap-1.5">
        <Heading icon={KeyRound} tone="muted">
          Choose a new password
        </Heading>
        <p className="text-muted-foreground text-sm">
          After this, every device logged in to your account is logged out.
        </p>
      </div>
      <FormAlert messages={formErrors} />
      <NewPasswordField
        label="New password"
        value={newPassword}
        error={errors.newPassword?.message}
        registration={form.register("newPassword")}
      />
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Set new password
      </Button>
    </form>
  );
}
