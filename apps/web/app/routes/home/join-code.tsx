import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/join-code";

export const meta = () => titleMeta("Join with an invitation");

export default function JoinWithCode({ params }: Route.ComponentProps) {
  return (
    <SignupPage
      title="You are invited"
      description="Your invitation code is filled in: create your account to join Flipside."
      invitationCode={params.code}
    />
  );
}
