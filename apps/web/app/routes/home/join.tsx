import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Join");

export default function Page() {
  return (
    <SignupPage
      title="Join Flipside"
      description="Got an invitation? Enter its code below with your details."
    />
  );
}
