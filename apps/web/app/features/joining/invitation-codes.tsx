import { formatInvitationCode } from "@flipside/contracts/joining-constants";
import { AppLink } from "../../components/shell/app-link.tsx";
import { writeClipboard } from "../../components/shell/copy-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Copy, UserPlus } from "../../components/ui/icons.tsx";
import { notify } from "../../lib/toast.ts";
import type { InvitationCode } from "./joining-client.ts";

const STATE: Record<
  InvitationCode["state"],
  { label: string; variant: "success" | "secondary" | "warning" }
> = {
  VALID: { label: "Available", variant: "success" },
  USED: { label: "Used", variant: "secondary" },
  EXPIRED: { label: "Expired", variant: "warning" },
  REVOKED: { label: "No longer valid", variant: "warning" },
};

export async function copyInvitationLink(link: string) {
  try {
    await writeClipboard(link);
    notify.success("Invitation link copied");
  } catch {
    notify.error("Could not copy the link");
  }
}

function Code({ code }: { code: InvitationCode }) {
  const state = STATE[code.state];
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-card p-3" data-testid="invitation-code">
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono text-sm tracking-wider">{formatInvitationCode(code.code)}</span>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      {code.maxUses > 1 ? (
        <p className="text-muted-foreground text-xs">
          {code.uses} of {code.maxUses} uses taken
        </p>
      ) : null}
      {code.joined.length > 0 ? (
        <p className="text-sm">
          Joined:{" "}
          {code.joined.map((person, i) => (
            <span key={person.id}>
              {i > 0 ? ", " : null}
              <AppLink to={`/users/${person.id}`} className="font-medium underline-offset-4 hover:underline">
                {person.displayName}
              </AppLink>
            </span>
          ))}
        </p>
      ) : null}
      {code.state === "VALID" ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void copyInvitationLink(code.link)}
          aria-label={`Copy the invitation link of ${formatInvitationCode(code.code)}`}
        >
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      ) : null}
    </li>
  );
}

/** The profile's "Invite people": the person's codes, a link to hand on, and who joined with each. */
export function InvitationCodes({ codes }: { codes: InvitationCode[] }) {
  const left = codes.filter((code) => code.state === "VALID").length;
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3" data-testid="invitations">
      <div className="flex flex-col gap-1">
        <h2 id="invitations-heading" className="flex items-center gap-2 font-semibold text-lg">
          <UserPlus className="size-4 text-primary" aria-hidden="true" />
          Invite people
        </h2>
        <p className="text-muted-foreground text-sm">
          {left === 0
            ? "Your codes have all been used. Thank you for bringing people to Flipside."
            : `You have ${left} invitation ${left === 1 ? "code" : "codes"} left. Each lets one person join: send them its link. You see here who joined.`}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {codes.map((code) => (
          <Code key={code.id} code={code} />
        ))}
      </ul>
    </section>
  );
}
