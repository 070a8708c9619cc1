import type { Account, AccountSession } from "@flipside/contracts/accounts";
import { redirect } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { AvatarSetting } from "../../features/accounts/avatar-setting.tsx";
import { ChangePasswordForm } from "../../features/accounts/change-password-form.tsx";
import { ColorModeSetting } from "../../features/accounts/color-mode-setting.tsx";
import { DeleteAccount } from "../../features/accounts/delete-account.tsx";
import { PersonalisedAdsSetting } from "../../features/accounts/personalised-ads-setting.tsx";
import { ProfileDetailsForm } from "../../features/accounts/profile-details-form.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { SessionsSetting } from "../../features/accounts/sessions-setting.tsx";
import { SettingsSection } from "../../features/accounts/settings-section.tsx";
import { YourData } from "../../features/accounts/your-data.tsx";
import { BlockedPeople } from "../../features/blocks/blocked-people.tsx";
import { createBlocksClient } from "../../features/blocks/blocks-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  try {
    const [account, sessions, blocked] = await Promise.all([
      api.get<Account>("/account"),
      api.get<AccountSession[]>("/account/sessions"),
      createBlocksClient(api).list(),
    ]);
    return { account, sessions, blocked };
  } catch (error) {
    // Signed out in another tab since the page was opened: log in again and come back.
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    throw error;
  }
}

export const meta = () => titleMeta("Settings");

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { account, sessions, blocked } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Settings"
        description={
          <>
            Signed in as <span className="font-medium text-foreground">{account.email}</span>
          </>
        }
      />
      <SettingsSection
        id="picture"
        title="Picture"
        description="Shown beside your name everywhere on Flipside."
      >
        <AvatarSetting account={account} />
      </SettingsSection>
      <SettingsSection
        id="profile"
        title="Profile"
        description="What others see on your public page and beside what you write."
      >
        {/* Keyed by the saved values: after a save elsewhere (another tab) the form starts from them. */}
        <ProfileDetailsForm
          key={`${account.displayName}|${account.bio}|${account.language}`}
          account={account}
        />
      </SettingsSection>
      <SettingsSection
        id="appearance"
        title="Appearance"
        description="Light, dark, or whatever your device uses."
      >
        <ColorModeSetting />
      </SettingsSection>
      <SettingsSection
        id="password"
        title="Password"
        description="Changing it signs out every other device where you are logged in."
      >
        <ChangePasswordForm email={account.email} />
      </SettingsSection>
      <SettingsSection
        id="sessions"
        title="Where you are signed in"
        description="Each browser where you logged in. Sign out any you do not recognise, then change your password."
      >
        <SessionsSetting sessions={sessions} />
      </SettingsSection>
      <SettingsSection
        id="blocked"
        title="Blocked people"
        description="You and they no longer see each other's contributions, or answer and vote on them. They are not told."
      >
        <BlockedPeople page={blocked} />
      </SettingsSection>
      <SettingsSection
        id="ads"
        title="Ads"
        description="Flipside shows clearly marked ads beside discussions. You choose whether your reading shapes them."
      >
        <PersonalisedAdsSetting initial={account.personalisedAds} />
      </SettingsSection>
      <SettingsSection
        id="your-data"
        title="Your data"
        description="Everything you wrote on Flipside, in one JSON file you can keep or take elsewhere."
      >
        <YourData />
      </SettingsSection>
      <SettingsSection
        id="delete-account"
        title="Delete account"
        description="Leave Flipside for good."
        tone="danger"
      >
        <DeleteAccount email={account.email} />
      </SettingsSection>
    </div>
  );
}
