import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import { useState } from "react";
import { data, useNavigate, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CircleCheck, FlaskConical, LogIn } from "../../components/ui/icons.tsx";
import { accountApi } from "../../features/accounts/account-api.ts";
import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { createJoiningClient, joiningApi } from "../../features/joining/joining-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { notify } from "../../lib/toast.ts";
import type { Route } from "./+types/beta-user-activate";

/** The link mailed when a beta request is approved (docs/joining.md#beta-requests). */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return {
      key: params.code,
      activation: await createJoiningClient(serverApi(context)).betaActivation(params.code),
    };
  } catch (error) {
    if (isApiError(error) && [400, 404, 429].includes(error.status)) {
      return data({ key: params.code, activation: null }, { status: error.status === 429 ? 429 : 200 });
    }
    throw error;
  }
}

export function meta() {
  // The key is a secret: not for search engines or the next site's Referer.
  return [
    ...titleMeta("Beta access"),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

/** An address that already has an account: one click activates it. */
function ActivateAccount({ email, betaKey }: { email: string; betaKey: string }) {
  const user = useShellUser();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  async function activate() {
    setBusy(true);
    try {
      await joiningApi.activateWithBetaLink(betaKey);
      setDone(true);
      // Signed in already: the activation banner goes.
      if (user) await revalidate();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "Your account was not activated. Try again.");
    } finally {
      setBusy(false);
    }
  }
  if (done) {
    return (
      <EmptyState
        icon={CircleCheck}
        title="Your account is activated"
        description={user ? "You can write, review and vote now." : `Log in as ${email} to start.`}
        action={
          user ? (
            <Button asChild>
              <AppLink to="/">Go to Flipside</AppLink>
            </Button>
          ) : (
            <Button onClick={() => authDialogs.openLogin({ email, redirectTo: "/" })}>
              <LogIn aria-hidden="true" />
              Log in
            </Button>
          )
        }
        data-testid="beta-activated"
      />
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-4 p-6">
        <p className="text-pretty">
          <strong className="break-all">{email}</strong> already has a Flipside account. Activate it to take
          part.
        </p>
        <Button loading={busy} onClick={() => void activate()} data-testid="beta-activate">
          Activate my account
        </Button>
      </CardContent>
    </Card>
  );
}

export default function BetaUserActivate({ loaderData }: Route.ComponentProps) {
  const { key, activation } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  if (!activation) {
    return (
      <div className="mx-auto w-full max-w-xl" data-testid="beta-link-invalid">
        <EmptyState
          icon={FlaskConical}
          title="This link cannot be used"
          description={JOINING_MESSAGES.betaLinkInvalid}
          action={
            <Button asChild variant="outline">
              <AppLink to="/join">Go to the join page</AppLink>
            </Button>
          }
        />
      </div>
    );
  }
  if (activation.hasAccount) {
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <h1 className="text-balance text-center font-semibold text-2xl tracking-tight sm:text-3xl">
          Welcome to the Flipside beta
        </h1>
        <ActivateAccount email={activation.email} betaKey={key} />
      </div>
    );
  }

  async function signIn(values: { email: string; password: string }) {
    try {
      await accountApi.login({ username: values.email, password: values.password, rememberMe: false });
      await revalidate();
      notify.success("Welcome to Flipside");
      navigate("/");
    } catch {
      authDialogs.openLogin({ email: values.email, redirectTo: "/" });
    }
  }

  return (
    <SignupPage
      title="Welcome to the Flipside beta"
      description="There is room for you now: create your account. The link proves your address, so there is nothing to activate."
      email={activation.email}
      betaKey={key}
      onRegistered={signIn}
    />
  );
}
