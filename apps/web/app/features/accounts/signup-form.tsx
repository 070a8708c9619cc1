import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { AppLink } from "../../components/shell/app-link.tsx";
import { ProviderButtons } from "../../components/sign-in/provider-buttons.tsx";
import { Button } from "../../components/ui/button.tsx";
import { MailCheck } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { accountApi } from "./account-api.ts";
import {
  applyServerErrors,
  FORM_MODE,
  type SignupFormInput,
  type SignupFormOutput,
  SignupFormSchema,
} from "./account-forms.ts";
import { FormAlert, linkButtonClass, TextField } from "./form-fields.tsx";
import { NewPasswordField } from "./new-password-field.tsx";

const FIELDS = ["email", "displayName", "password", "invitationCode"] as const;

/** Told after a registration: honest whether the address was new or not (the API never says). */
function CheckYourMail({ email, from }: { email: string; from: "web" | "app" }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="signup-done">
      <div className="flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
        <MailCheck className="size-6" aria-hidden="true" />
      </div>
      <h2 ref={heading} tabIndex={-1} className="font-semibold text-xl outline-none">
        Check your mail
      </h2>
      <p className="max-w-md text-pretty text-muted-foreground text-sm">
        We sent a mail to <strong className="break-all text-foreground">{email}</strong>. Open the link in it
        to activate your account. It may take a minute to arrive; look in your spam folder too.
      </p>
      <p className="max-w-md text-pretty text-muted-foreground text-sm">
        {from === "app"
          ? "Once activated, go back to the app and log in there."
          : "You can log in already; you will be able to comment, review and vote once your account is activated."}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {from === "web" ? (
          <Button onClick={() => authDialogs.openLogin({ email, redirectTo: "/" })}>Log in</Button>
        ) : null}
        <Button asChild variant="outline">
          <AppLink to="/">Back to Flipside</AppLink>
        </Button>
      </div>
    </div>
  );
}

/**
 * Registration (docs/accounts.md): email, display name, a password whose docs/accounts.md#passwords rules are ticked
 * off as they are met, and an optional invitation code (filled in on /join/{code}).
 */
export function SignupForm({
  invitationCode = "",
  from = "web",
  email: presetEmail = "",
  betaKey,
  onRegistered,
}: {
  invitationCode?: string;
  from?: "web" | "app";
  /** Pre-fills the address (an invitation that went to it). */
  email?: string;
  /**
   * An approved beta request's link (docs/joining.md): passes the gate for the address it was
   * mailed to, which is then fixed, and needs no code.
   */
  betaKey?: string;
  /**
   * Instead of "check your mail": what happens next with the new account's address and password
   * (an invitation's page logs in at once and comes back to it).
   */
  onRegistered?: (values: { email: string; password: string }) => Promise<void>;
}) {
  const betaGate = useRootData()?.config.betaGate === true;
  const isApp = useAppMode();
  const [registered, setRegistered] = useState<string | null>(null);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { email: presetEmail, displayName: "", password: "", invitationCode },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: "password" });
  const typedCode = useWatch({ control: form.control, name: "invitationCode" });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormErrors([]);
    try {
      await accountApi.register(betaKey ? { ...values, betaKey } : values);
    } catch (error) {
      setFormErrors(
        isApiError(error)
          ? applyServerErrors(error, FIELDS, form.setError)
          : ["Could not create the account. Try again."],
      );
      return;
    }
    if (onRegistered) await onRegistered({ email: values.email, password: values.password });
    else setRegistered(values.email);
  });

  if (registered) return <CheckYourMail email={registered} from={from} />;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      data-testid="signup-form"
    >
      <FormAlert messages={formErrors} />
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="Your email"
        readOnly={betaKey !== undefined}
        hint={betaKey ? "The address the link was sent to." : undefined}
        error={errors.email?.message}
        {...form.register("email")}
      />
      <TextField
        label="Display name"
        autoComplete="nickname"
        placeholder="How others will see you"
        hint="Shown with your comments and reviews."
        error={errors.displayName?.message}
        {...form.register("displayName")}
      />
      <NewPasswordField
        label="Password"
        value={password}
        error={errors.password?.message}
        registration={form.register("password")}
      />
      {betaKey ? null : (
        <TextField
          label={
            betaGate ? (
              "Invitation code"
            ) : (
              <>
                Invitation code <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            )
          }
          hint={
            betaGate ? (
              <>
                Flipside is in a closed beta: joining needs a code.{" "}
                <AppLink
                  to={isApp ? "/join/app" : "/join"}
                  className="underline underline-offset-2 hover:text-foreground"
                >
                  How to get one
                </AppLink>
              </>
            ) : undefined
          }
          autoComplete="off"
          spellCheck={false}
          error={errors.invitationCode?.message}
          {...form.register("invitationCode")}
        />
      )}
      <p className="text-muted-foreground text-xs">
        By creating an account you agree to the{" "}
        <AppLink to="/terms" className="underline underline-offset-2 hover:text-foreground">
          terms and conditions
        </AppLink>
        .
      </p>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Create account
      </Button>
      <ProviderButtons
        returnTo="/profile"
        {...(typedCode?.trim() ? { invitationCode: typedCode.trim() } : {})}
        {...(betaKey ? { betaKey } : {})}
      />
      <p className="text-center text-muted-foreground text-sm">
        Already have an account?{" "}
        <button
          type="button"
          className={linkButtonClass}
          onClick={() => authDialogs.openLogin({ email: form.getValues("email").trim(), redirectTo: "/" })}
        >
          Log in
        </button>
      </p>
    </form>
  );
}
