import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/join-code";

export const meta = () => titleMeta("Join with an invitation");

export default function JoinWithCode({ params }: Route.ComponentProps) {
  return (
    // Invitation codes are not issued or checked yet (issue 12): say so rather than greet any
    // made-up code as an invitation (issue 19).
    <SignupPage
      title="Join Flipside"
      description="Flipside is open to everyone for now, so no code is needed: invitation codes are not checked yet. Yours is filled in and kept with your account."
      invitationCode={params.code}
    />
  );
}
