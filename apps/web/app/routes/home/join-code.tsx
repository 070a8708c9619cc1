import { formatInvitationCode } from "@flipside/contracts/joining-constants";
import { data } from "react-router";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { KeyRound } from "../../components/ui/icons.tsx";
import { SignupPage } from "../../features/accounts/signup-page.tsx";
import { JoinChoices } from "../../features/joining/join-page.tsx";
import { createJoiningClient } from "../../features/joining/joining-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { formatFull } from "../../lib/relative-time.ts";
import type { Route } from "./+types/join-code";

/**
 * The code is checked before anything is shown: a code that cannot be used says why, plainly, on
 * a working page (200) that offers the other ways in; only too many checks answer otherwise (429).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { invitation: await createJoiningClient(serverApi(context)).check(params.code), refusal: null };
  } catch (error) {
    if (isApiError(error) && [400, 404, 429].includes(error.status)) {
      return data({ invitation: null, refusal: error.message }, { status: error.status === 429 ? 429 : 200 });
    }
    throw error;
  }
}

export function meta() {
  return [
    ...titleMeta("Join with an invitation"),
    // A code is a way in: not for search engines or the next site's Referer.
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function JoinWithCode({ loaderData }: Route.ComponentProps) {
  const { invitation, refusal } = loaderData;
  if (!invitation) {
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8" data-testid="join-refused">
        <EmptyState icon={KeyRound} title="This invitation cannot be used" description={refusal} />
        <JoinChoices />
      </div>
    );
  }
  return (
    <SignupPage
      title="You are invited to Flipside"
      description={
        <>
          {invitation.inviter ? (
            <>
              <strong className="text-foreground">{invitation.inviter}</strong> invited you.{" "}
            </>
          ) : null}
          Your code <span className="font-mono">{formatInvitationCode(invitation.code)}</span> is filled in
          below
          {invitation.expiresAt ? <> and is valid until {formatFull(invitation.expiresAt)}</> : null}.
        </>
      }
      invitationCode={invitation.code}
    />
  );
}
