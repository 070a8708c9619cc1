import type { Account } from "@flipside/contracts/accounts";
import { redirect } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { KeyRound } from "../../components/ui/icons.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { SettingsSection } from "../../features/accounts/settings-section.tsx";
import { SocialLinksForm } from "../../features/accounts/social-links-form.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/socials";

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectInAppMode(request);
  try {
    return { account: await serverApi(context).get<Account>("/account") };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    throw error;
  }
}

export const meta = () => titleMeta("Social accounts", "Profile");

/** /profile/socials (route name profile-socials): your accounts elsewhere. */
export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Social accounts" description="Your accounts elsewhere, and how you sign in." />
      <SettingsSection
        id="links"
        title="On your public page"
        description="Your profiles elsewhere (Mastodon, GitHub, your site), listed under your name for everyone to see."
      >
        <SocialLinksForm account={loaderData.account} />
      </SettingsSection>
      <SettingsSection
        id="sign-in"
        title="Sign-in providers"
        description="Accounts you can sign in to Flipside with."
      >
        <EmptyState
          compact
          headingLevel={3}
          icon={KeyRound}
          title="Signing in with other providers is not available yet"
          description="For now you sign in with your address and password. Google, Facebook and other providers will be linked here."
        />
      </SettingsSection>
    </div>
  );
}
