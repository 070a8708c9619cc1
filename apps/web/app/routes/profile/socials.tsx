import type { Account } from "@flipside/contracts/accounts";
import { redirect } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { LinkedProviders } from "../../features/accounts/linked-providers.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { SettingsSection } from "../../features/accounts/settings-section.tsx";
import { createSignInProvidersClient } from "../../features/accounts/sign-in-providers-api.ts";
import { SocialLinksForm } from "../../features/accounts/social-links-form.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { redirectInAppMode } from "../../lib/app-mode-guard.server.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/socials";

export async function loader({ request, context }: Route.LoaderArgs) {
  redirectInAppMode(request);
  const query = new URL(request.url).searchParams;
  try {
    const client = serverApi(context);
    const [account, providers] = await Promise.all([
      client.get<Account>("/account"),
      createSignInProvidersClient(client).ofAccount(),
    ]);
    return { account, providers, signInError: query.get("signInError"), linked: query.get("linked") };
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
        <LinkedProviders
          providers={loaderData.providers}
          signInError={loaderData.signInError}
          linked={loaderData.linked}
        />
      </SettingsSection>
    </div>
  );
}
