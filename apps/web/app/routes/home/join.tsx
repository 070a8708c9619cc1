import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Join");

export default function Page() {
  return (
    <SignupPage
      title="Join Flipside"
      description="Flipside is open to everyone for now: create your account. An invitation code is optional and not checked yet."
    />
  );
}
