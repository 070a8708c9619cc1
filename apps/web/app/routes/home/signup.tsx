import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Sign up");

export default function Page() {
  return (
    <SignupPage
      title="Create your account"
      description="Join Flipside to comment, review, vote and keep notes on any page."
    />
  );
}
