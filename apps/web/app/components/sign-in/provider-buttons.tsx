import { providerSignInPath } from "@flipside/contracts/sign-in-providers-constants";
import { useAppMode } from "../../lib/client-state.tsx";
import { useRootData } from "../../lib/root-data.ts";
import { Button } from "../ui/button.tsx";
import { KeyRound } from "../ui/icons.tsx";

/**
 * "Continue with …" for each configured provider (docs/sign-in-providers.md); nothing when none is
 * configured, and nothing in app mode, where the extension's panel cannot show a provider's page.
 * Plain links: the server answers with the redirect to the provider.
 */
export function ProviderButtons({
  returnTo,
  invitationCode,
  betaKey,
  label = "or",
}: {
  returnTo?: string;
  invitationCode?: string;
  betaKey?: string;
  label?: string;
}) {
  const providers = useRootData()?.config.signInProviders ?? [];
  const isApp = useAppMode();
  if (isApp || providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="sign-in-providers">
      <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase">
        <span className="h-px flex-1 bg-border" />
        {label}
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((provider) => (
        <Button key={provider.id} asChild variant="outline" className="w-full">
          <a
            href={providerSignInPath(provider.id, {
              ...(returnTo ? { returnTo } : {}),
              ...(invitationCode ? { invitationCode } : {}),
              ...(betaKey ? { betaKey } : {}),
            })}
          >
            <KeyRound className="size-4" aria-hidden="true" />
            Continue with {provider.label}
          </a>
        </Button>
      ))}
    </div>
  );
}
