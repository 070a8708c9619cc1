import { ORGANIZATION_MESSAGES } from "@flipside/contracts/organization-constants";
import { useState } from "react";
import { data, useNavigate, useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Building2, LogIn } from "../../components/ui/icons.tsx";
import { accountApi } from "../../features/accounts/account-api.ts";
import { SignupForm } from "../../features/accounts/signup-form.tsx";
import {
  createOrganizationsClient,
  type InvitationPreview,
  organizationPath,
  organizationsApi,
} from "../../features/organizations/organizations-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { formatFull } from "../../lib/relative-time.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { notify } from "../../lib/toast.ts";
import type { Route } from "./+types/organization-invitation";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return {
      invitation: await createOrganizationsClient(serverApi(context)).preview(params.key),
      key: params.key,
    };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400))
      throw data(ORGANIZATION_MESSAGES.invitationInvalid, { status: 404 });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  // The key is a secret: the page is not for search engines or link previews.
  return [
    ...titleMeta(loaderData ? `Join ${loaderData.invitation.organization.name}` : "Invitation"),
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

const CLOSED: Record<Exclude<InvitationPreview["status"], "PENDING">, string> = {
  ACCEPTED: ORGANIZATION_MESSAGES.invitationAnswered,
  DECLINED: ORGANIZATION_MESSAGES.invitationAnswered,
  REVOKED: ORGANIZATION_MESSAGES.invitationRevoked,
  EXPIRED: ORGANIZATION_MESSAGES.invitationExpired,
};

/**
 * The invitation link's page (docs/organizations.md#invitations): who invites whom to what. Signed
 * in as the address invited: accept or decline. Signed out: log in, or create an account with that
 * address right here, and come back to accept. Signed in as someone else: say so.
 */
export default function OrganizationInvitation({ loaderData }: Route.ComponentProps) {
  const { invitation, key } = loaderData;
  const user = useShellUser();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [signingUp, setSigningUp] = useState(false);
  const [declined, setDeclined] = useState(false);
  const org = invitation.organization;
  const mine = user?.email?.toLowerCase() === invitation.email.toLowerCase();

  async function accept() {
    setBusy("accept");
    try {
      const joined = await organizationsApi.accept(key);
      notify.success(`Welcome to ${joined.name}`);
      await revalidate();
      navigate(organizationPath(joined.id));
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The invitation was not accepted. Try again.");
      setBusy(null);
    }
  }

  async function decline() {
    setBusy("decline");
    try {
      await organizationsApi.decline(key);
      setDeclined(true);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The invitation was not declined. Try again.");
    } finally {
      setBusy(null);
    }
  }

  async function signInAfterSignup(values: { email: string; password: string }) {
    try {
      await accountApi.login({ username: values.email, password: values.password, rememberMe: false });
      setSigningUp(false);
      await revalidate();
    } catch {
      // The address already had an account (the API never says which): log in with it.
      authDialogs.openLogin({ email: values.email });
    }
  }

  let body: React.ReactNode;
  if (declined) {
    body = <p data-testid="invitation-message">{`You declined. ${org.name} will not add you.`}</p>;
  } else if (invitation.status !== "PENDING") {
    body = <p data-testid="invitation-message">{CLOSED[invitation.status]}</p>;
  } else if (!user) {
    body = signingUp ? (
      <SignupForm email={invitation.email} onRegistered={signInAfterSignup} />
    ) : (
      <div className="flex flex-col gap-3">
        <p className="text-muted-foreground text-sm">
          {`Log in as ${invitation.email} to accept. No account with that address yet? Create one here and you will come back to this invitation.`}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => authDialogs.openLogin({ email: invitation.email })}
            data-testid="invitation-login"
          >
            <LogIn aria-hidden="true" />
            Log in
          </Button>
          <Button variant="outline" onClick={() => setSigningUp(true)} data-testid="invitation-signup">
            Create an account
          </Button>
          <Button
            variant="ghost"
            loading={busy === "decline"}
            onClick={() => void decline()}
            data-testid="invitation-decline"
          >
            Decline
          </Button>
        </div>
      </div>
    );
  } else if (!mine) {
    body = (
      <div className="flex flex-col gap-3">
        <p data-testid="invitation-message">
          {`You are logged in as ${user.email ?? "someone else"}. ${ORGANIZATION_MESSAGES.wrongAccount}`}
        </p>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-wrap gap-2">
        <Button
          loading={busy === "accept"}
          disabled={busy !== null}
          onClick={() => void accept()}
          data-testid="invitation-accept"
        >
          {`Join ${org.name}`}
        </Button>
        <Button
          variant="outline"
          loading={busy === "decline"}
          disabled={busy !== null}
          onClick={() => void decline()}
          data-testid="invitation-decline"
        >
          Decline
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6 py-8" data-testid="invitation-page">
      <Card>
        <CardContent className="flex flex-col gap-5">
          <div className="flex items-center gap-4">
            {org.imageUrl ? (
              <Avatar name={org.name} imageUrl={org.imageUrl} className="size-14 text-lg" eager />
            ) : (
              <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Building2 className="size-7" aria-hidden="true" />
              </span>
            )}
            <div className="flex min-w-0 flex-col">
              <h1 className="font-semibold text-2xl tracking-tight">{`Join ${org.name}`}</h1>
              <p className="text-muted-foreground text-sm">
                {`${invitation.inviter ? `${invitation.inviter} invites` : "You are invited as"} ${invitation.email} to join as ${invitation.role === "ADMIN" ? "an admin" : "a member"}.`}
              </p>
            </div>
          </div>
          {org.description ? <p className="whitespace-pre-line text-sm">{org.description}</p> : null}
          {invitation.status === "PENDING" && !declined ? (
            <p className="text-muted-foreground text-xs">{`The link works once, until ${formatFull(invitation.expiresDate)}.`}</p>
          ) : null}
          {body}
        </CardContent>
      </Card>
      <AppLink to="/" className="self-center text-muted-foreground text-sm hover:text-foreground">
        Back to Flipside
      </AppLink>
    </div>
  );
}
