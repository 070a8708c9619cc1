import { SIGN_IN_MESSAGES } from "@flipside/contracts/sign-in-providers-constants";
import { useEffect, useRef, useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { KeyRound, MailCheck } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { FormAlert, PasswordField } from "./form-fields.tsx";
import { type PendingLink, signInProvidersApi } from "./sign-in-providers-api.ts";

/** Signed in at last: a full load, so every part of the page learns who is signed in. */
const go = (returnTo: string) => window.location.assign(returnTo);

function Gone({ message }: { message: string }) {
  return (
    <EmptyState
      icon={KeyRound}
      title="This link cannot be used"
      description={message}
      action={
        <Button asChild>
          <AppLink to="/login">Sign in</AppLink>
        </Button>
      }
    />
  );
}

/**
 * A provider gave the address of an existing account (docs/sign-in-providers.md#the-flow): the
 * person proves the account with its password, or by a mailed link, before anything is linked.
 */
export function ProviderLinkProof({ token, pending }: { token: string; pending: PendingLink | null }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"password" | "mail" | null>(null);
  const [mailed, setMailed] = useState(false);
  if (!pending) return <Gone message={SIGN_IN_MESSAGES.pendingLinkGone} />;

  async function prove(event: React.FormEvent) {
    event.preventDefault();
    if (!password) {
      setError("Enter your password");
      return;
    }
    setBusy("password");
    setError(null);
    try {
      go((await signInProvidersApi.proveWithPassword(token, password)).returnTo);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : "Something went wrong. Try again.");
      setBusy(null);
    }
  }

  async function mail() {
    setBusy("mail");
    setError(null);
    try {
      await signInProvidersApi.mailProof(token);
      setMailed(true);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : "The mail was not sent. Try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card>
      <CardContent className="flex flex-col gap-5 pt-6">
        <div className="flex flex-col gap-2">
          <h1 className="font-semibold text-2xl tracking-tight">Link your {pending.label} account</h1>
          <p className="text-pretty text-muted-foreground">
            <strong className="break-all text-foreground">{pending.email}</strong> already has a Flipside
            account. Prove it is yours, and {pending.label} will sign you in to it from now on.
          </p>
        </div>
        <FormAlert messages={error ? [error] : []} />
        <form noValidate onSubmit={prove} className="flex flex-col gap-4">
          <PasswordField
            label="Password"
            autoComplete="current-password"
            placeholder="Your Flipside password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" loading={busy === "password"} disabled={busy !== null}>
            Link and sign in
          </Button>
        </form>
        <div className="flex flex-col gap-2 border-t pt-4">
          {mailed ? (
            <p className="flex items-start gap-2 text-sm" role="status">
              <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {SIGN_IN_MESSAGES.linkMailed}
            </p>
          ) : (
            <>
              <p className="text-muted-foreground text-sm">No password, or forgot it?</p>
              <Button variant="outline" onClick={mail} loading={busy === "mail"} disabled={busy !== null}>
                Email me a link instead
              </Button>
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The mailed link: finishes linking at once and signs in. */
export function ProviderLinkMailed({ mailKey }: { mailKey: string }) {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signInProvidersApi
      .confirmMail(mailKey)
      .then(({ returnTo }) => go(returnTo))
      .catch((failure: unknown) =>
        setError(isApiError(failure) ? failure.message : "Something went wrong. Try again."),
      );
  }, [mailKey]);
  if (error) return <Gone message={error} />;
  return (
    <p className="py-10 text-center text-muted-foreground" role="status">
      Linking your account…
    </p>
  );
}
