import { useEffect } from "react";
import { redirect } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { LogIn } from "../../components/ui/icons.tsx";
import { lookUpAccount } from "../../features/accounts/account-session.server.ts";
import { afterLoginTarget } from "../../features/accounts/session-guards.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/login";

export const meta = () => titleMeta("Log in");

/** docs/web-app.md#guards-and-redirects: a signed-in visitor has nothing to do here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await lookUpAccount(request, context);
  if (user) throw redirect(afterLoginTarget(new URL(request.url)));
  return null;
}

/**
 * docs/web-app.md#routes-and-layouts: /login is the home layout with the global login dialog open (no close button).
 * Once logged in, the revalidation re-runs the loader above, which sends the visitor on.
 */
export default function LoginPage() {
  useEffect(() => {
    authDialogs.openLogin({ hideClose: true });
    return () => {
      // Leaving /login (to /signup, say) takes its dialog along.
      if (authDialogs.state.hideClose) authDialogs.close();
    };
  }, []);
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-10 text-center"
      data-testid="login-page"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        <LogIn className="size-6" aria-hidden="true" />
      </div>
      <h1 className="font-semibold text-2xl tracking-tight">Log in to Flipside</h1>
      <p className="text-pretty text-muted-foreground">
        Log in to comment, review, vote and keep your notes on any page.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => authDialogs.openLogin({ hideClose: true })}>Log in</Button>
        <Button asChild variant="outline">
          <AppLink to="/signup">Create an account</AppLink>
        </Button>
        <Button asChild variant="ghost">
          <AppLink to="/">Back to Flipside</AppLink>
        </Button>
      </div>
    </div>
  );
}
