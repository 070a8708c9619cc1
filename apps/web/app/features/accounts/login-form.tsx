import { isSignInErrorCode, SIGN_IN_ERRORS } from "@flipside/contracts/sign-in-providers-constants";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { ProviderButtons } from "../../components/sign-in/provider-buttons.tsx";
import { Button } from "../../components/ui/button.tsx";
import { DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { isApiError } from "../../lib/api.ts";
import { type AuthDialogOptions, authDialogs, returnFocus } from "../../lib/auth-dialog-store.ts";
import { writeColorModePreference } from "../../lib/color-mode.ts";
import { accountApi } from "./account-api.ts";
import {
  applyServerErrors,
  FORM_MODE,
  type LoginFormInput,
  type LoginFormOutput,
  LoginFormSchema,
} from "./account-forms.ts";
import { CheckboxField, FormAlert, linkButtonClass, PasswordField, TextField } from "./form-fields.tsx";
import { afterLoginTarget } from "./session-guards.ts";

/**
 * A colour mode chosen in the settings follows the person to this browser when they sign in
 * ("system", the default, leaves this browser's own choice alone). Best effort: the login
 * stands whatever happens here.
 */
async function adoptAccountColorMode(): Promise<void> {
  try {
    const account = await accountApi.getAccount();
    if (account.colorMode !== "system") writeColorModePreference(account.colorMode);
  } catch {
    // The page's own reload says whether the session works.
  }
}

/** docs/web-app.md#routes-and-layouts login dialog: its title, text, placeholders and buttons, word for word. */
export function LoginForm({ options }: { options: AuthDialogOptions }) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const location = useLocation();
  // A provider's sign-in that came back without signing in says why (docs/sign-in-providers.md).
  const signInError = new URLSearchParams(location.search).get("signInError");
  const here = new URL(`${location.pathname}${location.search}`, "http://flipside.invalid");
  here.searchParams.delete("signInError");
  const returnTo =
    options.redirectTo ??
    (here.pathname === "/login" ? afterLoginTarget(here) : `${here.pathname}${here.search}`);
  const form = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { username: options.email ?? "", password: "", rememberMe: false },
    ...FORM_MODE,
  });
  const { errors, isSubmitting } = form.formState;

  // A fresh view (opened, or back from "forgot") starts on its first empty field.
  useEffect(() => {
    form.setFocus(form.getValues("username") ? "password" : "username");
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await accountApi.login(values);
    } catch (error) {
      // docs/web-app.md#session: a failed login shows no message; the loading state simply ends. Only the
      // fields' own validation messages from the server are shown on their fields.
      if (isApiError(error) && error.errors.length > 0) {
        applyServerErrors(error, ["username", "password"], form.setError);
      } else {
        form.resetField("password");
        form.setFocus("password");
      }
      return;
    }
    // docs/web-app.md#session: the dialog closes, the account is fetched and the page's data reloads.
    authDialogs.close();
    await Promise.all([revalidator.revalidate(), adoptAccountColorMode()]);
    if (options.redirectTo) await navigate(options.redirectTo, { replace: true });
    else returnFocus(options);
    options.onLoggedIn?.();
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
      data-testid="login-form"
    >
      <DialogHeader>
        <DialogTitle large>Login</DialogTitle>
        <DialogDescription>Enter your email to login.</DialogDescription>
      </DialogHeader>
      <FormAlert messages={isSignInErrorCode(signInError) ? [SIGN_IN_ERRORS[signInError]] : []} />
      <div className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="username"
          placeholder="Your email"
          error={errors.username?.message}
          {...form.register("username")}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <CheckboxField label="Remember me" {...form.register("rememberMe")} />
          <button
            type="button"
            className={linkButtonClass}
            onClick={() => authDialogs.show("forgot-password", form.getValues("username").trim())}
          >
            Forgot your password?
          </button>
        </div>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Login
      </Button>
      <ProviderButtons returnTo={returnTo} />
      <div className="flex flex-col items-center gap-3 border-t pt-5">
        <p className="text-muted-foreground text-sm">New to Flipside?</p>
        <Button asChild variant="outline" className="w-full">
          <AppLink to="/signup" onClick={() => authDialogs.close()}>
            Create an account
          </AppLink>
        </Button>
      </div>
    </form>
  );
}
