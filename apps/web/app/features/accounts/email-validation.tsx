import { ACCOUNT_MESSAGES } from "@flipside/contracts/accounts";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CircleCheck, Link2Off, LoaderCircle } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { accountApi } from "./account-api.ts";
import { useResendActivation } from "./activation-banner.tsx";

type Status = "activating" | "activated" | "invalid" | "failed";

/**
 * /validate-email?key=…: activates the account with the key of its mail. The call is made from
 * the browser, not the server render, so a mail scanner that fetches the link does not use it up.
 */
export function EmailValidation({ activationKey }: { activationKey: string | null }) {
  const user = useShellUser();
  const revalidator = useRevalidator();
  const { resend, sending } = useResendActivation();
  const [status, setStatus] = useState<Status>(activationKey ? "activating" : "invalid");
  const [message, setMessage] = useState<string>(ACCOUNT_MESSAGES.invalidActivationKey);
  const started = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { revalidate } = revalidator;

  useEffect(() => {
    // Once per key, even when React runs effects twice in development.
    if (!activationKey || started.current === activationKey) return;
    started.current = activationKey;
    accountApi.activate(activationKey).then(
      () => {
        setStatus("activated");
        // A signed-in visitor's banner goes away.
        void revalidate();
      },
      (error: unknown) => {
        if (isApiError(error) && error.errors.length > 0) {
          setMessage(error.fieldErrors.activationKey ?? error.message);
          setStatus("invalid");
        } else {
          setMessage(isApiError(error) ? error.message : "Could not activate the account. Try again.");
          setStatus("failed");
        }
      },
    );
  }, [activationKey, revalidate]);

  useEffect(() => {
    if (status !== "activating") heading.current?.focus();
  }, [status]);

  if (status === "activating") {
    return (
      <div
        className="flex flex-col items-center gap-3 py-6 text-center"
        data-testid="validate-email"
        data-status={status}
      >
        <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        <h1 className="font-semibold text-xl" role="status">
          Activating your account…
        </h1>
      </div>
    );
  }

  const activated = status === "activated";
  const alreadyActive = !activated && user?.activated === true;
  const Icon = activated || alreadyActive ? CircleCheck : Link2Off;
  return (
    <div
      className="flex flex-col items-center gap-4 py-4 text-center"
      data-testid="validate-email"
      data-status={status}
    >
      <div
        className={
          activated || alreadyActive
            ? "flex size-12 items-center justify-center rounded-full bg-success/10 text-success"
            : "flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive"
        }
      >
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h1 ref={heading} tabIndex={-1} className="font-semibold text-xl outline-none">
        {activated
          ? "Your account is activated"
          : status === "failed"
            ? "Your account could not be activated"
            : "This activation link does not work"}
      </h1>
      <p className="max-w-md text-pretty text-muted-foreground text-sm">
        {activated
          ? "Thank you for confirming your email. You can now comment, review and vote."
          : alreadyActive
            ? `${message} Your account is already active, so there is nothing more to do.`
            : status === "invalid" && !user
              ? `${message} Activation links work once: if you used it already, just log in. Otherwise log in and ask for a new activation mail.`
              : message}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {!user ? <Button onClick={() => authDialogs.openLogin({ redirectTo: "/" })}>Log in</Button> : null}
        {user && user.activated === false && !activated ? (
          <Button loading={sending} onClick={resend}>
            Resend activation mail
          </Button>
        ) : null}
        {status === "failed" ? (
          <Button variant="outline" onClick={() => window.location.reload()}>
            Try again
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <AppLink to="/">Back to Flipside</AppLink>
        </Button>
      </div>
    </div>
  );
}
