import { ACCOUNT_ROLE, type GrantableRole, ROLE_NAMES } from "@flipside/contracts/roles";
import { useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import { type AdminAccount, adminApi } from "./admin-client.ts";
import { ReasonField } from "./reason-field.tsx";

/** Roles nest (an admin moderates too), so an account has one level. */
type Level = "USER" | GrantableRole;
const LEVELS: readonly Level[] = ["USER", ACCOUNT_ROLE.MODERATOR, ACCOUNT_ROLE.ADMIN];
const LEVEL_NAMES: Record<Level, string> = {
  USER: "No role",
  ROLE_MODERATOR: ROLE_NAMES.ROLE_MODERATOR,
  ROLE_ADMIN: ROLE_NAMES.ROLE_ADMIN,
};
const LEVEL_MEANING: Record<Level, string> = {
  USER: "They keep their account and lose the admin area.",
  ROLE_MODERATOR: "They work the moderation queue and read the audit log.",
  ROLE_ADMIN: "They moderate, and grant and take back roles — yours included.",
};

const levelOf = (roles: readonly string[]): Level =>
  roles.includes(ACCOUNT_ROLE.ADMIN)
    ? ACCOUNT_ROLE.ADMIN
    : roles.includes(ACCOUNT_ROLE.MODERATOR)
      ? ACCOUNT_ROLE.MODERATOR
      : "USER";

/** Accounts with their role; an admin changes one after saying why (it goes to the audit log). */
export function AccountRoles({
  accounts,
  viewerId,
  onChange,
}: {
  accounts: readonly AdminAccount[];
  viewerId: string;
  onChange(): void;
}) {
  const [pending, setPending] = useState<{ account: AdminAccount; level: Level } | null>(null);
  const [reason, setReason] = useState("");

  async function save() {
    if (!pending) return;
    const { account, level } = pending;
    try {
      await adminApi.setRoles(account.id, level === "USER" ? [] : [level], reason.trim());
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "The role did not change. Try again.");
      throw error;
    }
    notify.success(
      level === "USER"
        ? `${account.displayName} has no role now`
        : `${account.displayName} is now ${LEVEL_NAMES[level].toLowerCase()}`,
    );
    onChange();
  }

  return (
    <>
      <ul className="divide-y rounded-xl border" data-testid="admin-accounts">
        {accounts.map((account) => {
          const level = levelOf(account.roles);
          const self = account.id === viewerId;
          return (
            <li
              key={account.id}
              className="flex flex-wrap items-center gap-3 p-4"
              data-testid="admin-account"
              data-email={account.email}
            >
              <Avatar name={account.displayName} imageUrl={account.imageUrl} />
              <span className="flex min-w-0 flex-1 flex-col">
                <AppLink to={`/users/${account.id}`} className="truncate font-medium hover:underline">
                  {account.displayName}
                  {self ? " (you)" : ""}
                </AppLink>
                <span className="truncate text-muted-foreground text-xs">
                  {`${account.email} · joined ${formatAbsolute(account.createdDate)}`}
                </span>
              </span>
              {account.activated ? null : <Badge variant="warning">Not activated</Badge>}
              {account.activated && !self ? (
                <label className="flex w-36 items-center gap-2 text-sm">
                  <span className="sr-only">{`Role of ${account.displayName}`}</span>
                  <select
                    className={cn(inputVariants(), "pr-8")}
                    value={level}
                    onChange={(e) => {
                      setReason("");
                      setPending({ account, level: e.target.value as Level });
                    }}
                    data-testid="account-role"
                  >
                    {LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {LEVEL_NAMES[l]}
                      </option>
                    ))}
                  </select>
                </label>
              ) : (
                <Badge variant={level === "USER" ? "secondary" : "default"} data-testid="account-role-badge">
                  {LEVEL_NAMES[level]}
                </Badge>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={
          pending
            ? pending.level === "USER"
              ? `Take away ${pending.account.displayName}'s role?`
              : `Make ${pending.account.displayName} ${LEVEL_NAMES[pending.level].toLowerCase()}?`
            : ""
        }
        description={pending ? LEVEL_MEANING[pending.level] : ""}
        confirmLabel={pending?.level === "USER" ? "Take away the role" : "Give the role"}
        destructive={pending?.level === "USER"}
        onConfirm={save}
        testId="role-dialog"
      >
        <ReasonField value={reason} onChange={setReason} testId="role-reason" />
      </ConfirmDialog>
    </>
  );
}
