import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "@flipside/contracts/organization-constants";
import { useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { UserMinus } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import {
  type OrganizationDetail,
  type OrganizationMember,
  type OrganizationRole,
  organizationsApi,
} from "./organizations-client.ts";

/** The roles this viewer may give: owners any, admins all but OWNER (membership.ts). */
function assignable(viewer: OrganizationRole, target: OrganizationRole): OrganizationRole[] | null {
  if (viewer === "OWNER") return ["OWNER", "ADMIN", "MEMBER"];
  if (viewer === "ADMIN" && target !== "OWNER") return ["ADMIN", "MEMBER"];
  return null;
}

/** Everyone in the organisation; owners and admins change roles and remove people. */
/** What the panels acting on an organisation's members are given; `onChange` reloads the page's data. */
export interface MembersPanelProps {
  org: OrganizationDetail;
  members: OrganizationMember[];
  viewerId: string;
  onChange(): void;
}

export function MembersPanel({ org, members, viewerId, onChange }: MembersPanelProps) {
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function changeRole(member: OrganizationMember, role: OrganizationRole) {
    setBusy(member.profile.id);
    try {
      await organizationsApi.changeRole(org.id, member.profile.id, role);
      notify.success(`${member.profile.displayName} is now ${ROLE_LABELS[role].toLowerCase()}`);
      onChange();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The role did not change. Try again.");
    } finally {
      setBusy(null);
    }
  }

  async function remove(member: OrganizationMember) {
    try {
      await organizationsApi.removeMember(org.id, member.profile.id);
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The member was not removed. Try again.");
      throw error;
    }
    notify.success(`${member.profile.displayName} is no longer a member of ${org.name}`);
    onChange();
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="members-heading">
      <div className="flex flex-col gap-1">
        <h2 id="members-heading" className="font-semibold text-lg">
          Members
        </h2>
        <p className="text-muted-foreground text-sm">
          {(["OWNER", "ADMIN", "MEMBER"] as const)
            .map((r) => `${ROLE_LABELS[r]}s: ${ROLE_DESCRIPTIONS[r].toLowerCase()}.`)
            .join(" ")}
        </p>
      </div>
      <ul className="divide-y rounded-xl border" data-testid="members-list">
        {members.map((member) => {
          const roles = member.profile.id === viewerId ? null : assignable(org.role, member.role);
          return (
            <li
              key={member.profile.id}
              className="flex flex-wrap items-center gap-3 p-4"
              data-testid="member"
              data-name={member.profile.displayName}
            >
              <Avatar name={member.profile.displayName} imageUrl={member.profile.imageUrl} />
              <span className="flex min-w-0 flex-1 flex-col">
                <AppLink to={`/users/${member.profile.id}`} className="truncate font-medium hover:underline">
                  {member.profile.displayName}
                  {member.profile.id === viewerId ? " (you)" : ""}
                </AppLink>
                <span className="text-muted-foreground text-xs">{`Joined ${formatAbsolute(member.joinedDate)}`}</span>
              </span>
              {roles ? (
                <label className="flex w-32 items-center gap-2 text-sm">
                  <span className="sr-only">{`Role of ${member.profile.displayName}`}</span>
                  <select
                    className={cn(inputVariants(), "pr-8")}
                    value={member.role}
                    disabled={busy === member.profile.id}
                    onChange={(e) => void changeRole(member, e.target.value as OrganizationRole)}
                    data-testid="member-role"
                  >
                    {roles.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <Badge
                  variant={member.role === "MEMBER" ? "secondary" : "default"}
                  data-testid="member-role-badge"
                >
                  {ROLE_LABELS[member.role]}
                </Badge>
              )}
              {roles ? (
                <Button
                  variant="ghost-destructive"
                  size="sm"
                  onClick={() => setRemoving(member)}
                  data-testid="remove-member"
                  aria-label={`Remove ${member.profile.displayName}`}
                >
                  <UserMinus aria-hidden="true" />
                  <span className="max-sm:sr-only">Remove</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.profile.displayName ?? ""} from ${org.name}?`}
        description="They will no longer read the organisation's notes or answer for its websites. Notes they wrote for it stay with it. You can invite them again."
        confirmLabel="Remove member"
        destructive
        onConfirm={() => (removing ? remove(removing) : Promise.resolve())}
      />
    </section>
  );
}
