import { ROLE_LABELS } from "@flipside/contracts/organization-constants";
import type { ReceivedInvitation } from "@flipside/contracts/organizations";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { isApiError } from "../../lib/api.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import { organizationPath, organizationsApi } from "./organizations-client.ts";

/**
 * Invitations to the person's own address (docs/organizations.md#invitations), answered here: the
 * notification of an invitation leads to this list, as the mailed link leads to its own page.
 */
export function InvitationsForMe({ initial }: { initial: ReceivedInvitation[] }) {
  const navigate = useNavigate();
  const [invitations, setInvitations] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  if (invitations.length === 0) return null;

  async function answer(invitation: ReceivedInvitation, accept: boolean) {
    setBusy(invitation.id);
    try {
      if (accept) {
        const joined = await organizationsApi.acceptMine(invitation.id);
        notify.success(`Welcome to ${joined.name}`);
        navigate(organizationPath(joined.id));
        return;
      }
      await organizationsApi.declineMine(invitation.id);
      setInvitations((shown) => shown.filter((i) => i.id !== invitation.id));
      notify.success(`You declined. ${invitation.organization.name} will not add you.`);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The invitation was not answered. Try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="invitations-for-me"
      className="flex flex-col gap-3"
      data-testid="invitations-for-me"
    >
      <h2 id="invitations-for-me" className="font-semibold text-lg">
        Invitations for you
      </h2>
      <ul className="divide-y rounded-xl border bg-card">
        {invitations.map((invitation) => {
          const org = invitation.organization;
          return (
            <li
              key={invitation.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
              data-testid="invitation-for-me"
            >
              <span className="flex min-w-0 flex-1 items-center gap-3">
                <Avatar name={org.name} imageUrl={org.imageUrl} className="size-10 text-sm" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-semibold">{org.name}</span>
                  <span className="text-muted-foreground text-sm">
                    {`${invitation.inviter ? `${invitation.inviter} invited you` : "You are invited"} as ${ROLE_LABELS[invitation.role].toLowerCase()} · until ${formatAbsolute(invitation.expiresDate)}`}
                  </span>
                </span>
              </span>
              <span className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  onClick={() => void answer(invitation, true)}
                  disabled={busy !== null}
                  aria-busy={busy === invitation.id || undefined}
                  aria-label={`Join ${org.name}`}
                  data-testid="invitation-for-me-accept"
                >
                  Join
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => void answer(invitation, false)}
                  disabled={busy !== null}
                  aria-label={`Decline the invitation to ${org.name}`}
                  data-testid="invitation-for-me-decline"
                >
                  Decline
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
