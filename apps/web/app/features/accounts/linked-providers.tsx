import {
  isSignInErrorCode,
  SIGN_IN_ERRORS,
  SIGN_IN_MESSAGES,
} from "@flipside/contracts/sign-in-providers-constants";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { KeyRound, Link2, Link2Off } from "../../components/ui/icons.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { FormAlert } from "./form-fields.tsx";
import { type SignInProvidersOfAccount, signInProvidersApi } from "./sign-in-providers-api.ts";

type Linked = SignInProvidersOfAccount["linked"][number];

/**
 * /profile/socials, sign-in providers (docs/sign-in-providers.md#linking-and-unlinking): what is
 * linked with the address each gave, link another, unlink. The last way in of an account without
 * a password cannot be unlinked, and the row says why instead of offering a button that fails.
 */
export function LinkedProviders({
  providers,
  signInError,
  linked: justLinked,
}: {
  providers: SignInProvidersOfAccount;
  /** ?signInError= after a link that did not happen. */
  signInError: string | null;
  /** ?linked= after a link that did. */
  linked: string | null;
}) {
  const { revalidate } = useRevalidator();
  const [starting, setStarting] = useState<string | null>(null);
  const [unlinking, setUnlinking] = useState<Linked | null>(null);
  const [error, setError] = useState<string | null>(
    isSignInErrorCode(signInError) ? SIGN_IN_ERRORS[signInError] : null,
  );
  const lastWay = !providers.hasPassword && providers.linked.length === 1;
  const linkable = providers.available.filter((a) => !providers.linked.some((l) => l.provider === a.id));
  const justLinkedLabel = providers.linked.find((l) => l.provider === justLinked)?.label;

  async function link(provider: string) {
    setStarting(provider);
    setError(null);
    try {
      window.location.assign((await signInProvidersApi.startLink(provider)).url);
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : "The provider could not be reached. Try again.");
      setStarting(null);
    }
  }

  if (providers.available.length === 0 && providers.linked.length === 0) {
    return (
      <EmptyState
        compact
        headingLevel={3}
        icon={KeyRound}
        title="No other sign-in providers here"
        description="This Flipside offers no sign-in with other providers: you sign in with your address and password."
      />
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="linked-providers">
      <FormAlert messages={error ? [error] : []} />
      {justLinkedLabel && !error ? (
        <p className="text-sm text-success" role="status">
          {justLinkedLabel} is linked: you can sign in with it now.
        </p>
      ) : null}
      {providers.linked.length > 0 ? (
        <ul className="divide-y rounded-lg border">
          {providers.linked.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="linked-provider">
              <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="flex min-w-0 flex-1 flex-col">
                <p className="font-medium text-sm">{row.label}</p>
                <p className="break-all text-muted-foreground text-xs">
                  {row.email ?? "No address given"} · Linked <TimeAgo iso={row.linkedAt} />
                </p>
                {lastWay ? <p className="text-muted-foreground text-xs">{SIGN_IN_MESSAGES.lastWay}</p> : null}
              </div>
              {lastWay ? null : (
                <Button
                  variant="ghost-destructive"
                  size="sm"
                  onClick={() => setUnlinking(row)}
                  aria-label={`Unlink ${row.label}`}
                >
                  <Link2Off aria-hidden="true" />
                  Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">
          No provider is linked: you sign in with your password.
        </p>
      )}
      {linkable.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {linkable.map((provider) => (
            <Button
              key={provider.id}
              variant="outline"
              loading={starting === provider.id}
              disabled={starting !== null}
              onClick={() => link(provider.id)}
            >
              <Link2 aria-hidden="true" />
              Link {provider.label}
            </Button>
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => {
          if (!open) setUnlinking(null);
        }}
        title={`Unlink ${unlinking?.label ?? ""}?`}
        description={`You will no longer sign in to Flipside with ${unlinking?.label ?? "it"}. You can link it again at any time.`}
        confirmLabel="Unlink"
        destructive
        onConfirm={async () => {
          if (!unlinking) return;
          try {
            await signInProvidersApi.unlink(unlinking.id);
          } catch (failure) {
            notify.error(isApiError(failure) ? failure.message : "It was not unlinked. Try again.");
            throw failure;
          }
          notify.success(`${unlinking.label} is unlinked`);
          await revalidate();
        }}
      />
    </div>
  );
}
