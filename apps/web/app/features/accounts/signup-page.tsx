import type { ReactNode } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { UserCheck } from "../../components/ui/icons.tsx";
import { useAppMode } from "../../lib/client-state.tsx";
import { useShellUser } from "../../lib/root-data.ts";
import { SignupForm } from "./signup-form.tsx";

/** /signup, /join, /join/{code} and /join/app: the same registration form under its own heading. */
export function SignupPage({
  title,
  description,
  invitationCode,
  from,
  email,
  betaKey,
  onRegistered,
}: {
  title: string;
  description: ReactNode;
  invitationCode?: string;
  /** Where to go on after signing up; app mode's own words by default inside the app. */
  from?: "web" | "app";
  /** An approved beta request's link and its address (see SignupForm). */
  email?: string;
  betaKey?: string;
  /** Instead of "check your mail" (see SignupForm). */
  onRegistered?: (values: { email: string; password: string }) => Promise<void>;
}) {
  const user = useShellUser();
  const app = useAppMode();
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <div className="flex flex-col gap-2 text-center">
        <h1 className="text-balance font-semibold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        <div className="text-pretty text-muted-foreground">{description}</div>
      </div>
      {user ? (
        <EmptyState
          icon={UserCheck}
          title={`You are logged in as ${user.displayName || user.email || "yourself"}`}
          description="Sign out first (from the menu) to create another account."
          action={
            <Button asChild variant="outline">
              <AppLink to="/">Back to Flipside</AppLink>
            </Button>
          }
          data-testid="signup-signed-in"
        />
      ) : (
        <Card>
          <CardContent className="px-5 sm:px-8 sm:py-3">
            <SignupForm
              invitationCode={invitationCode}
              from={from ?? (app ? "app" : "web")}
              {...(email ? { email } : {})}
              {...(betaKey ? { betaKey } : {})}
              {...(onRegistered ? { onRegistered } : {})}
            />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
