import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Join from the app");

/** Opened from the extension or the mobile app: after signing up the visitor goes back there. */
export default function Page() {
  return (
    <SignupPage
      title="Join Flipside"
      description="Create your account, activate it from the mail we send, then log in in the app."
      from="app"
    />
  );
}
