/**
 * Account roles (docs/admin.md): everyone is a USER; MODERATORs work the moderation queue;
 * ADMINs do that and grant roles. Stored JHipster-style in the account's `roles`. Zod-free: the
 * header's menu reads it on every page.
 */
export const ACCOUNT_ROLE = {
  USER: "ROLE_USER",
  MODERATOR: "ROLE_MODERATOR",
  ADMIN: "ROLE_ADMIN",
} as const;
export type AccountRole = (typeof ACCOUNT_ROLE)[keyof typeof ACCOUNT_ROLE];

/** The roles an admin can grant or take back, highest first. */
export const GRANTABLE_ROLES = [ACCOUNT_ROLE.ADMIN, ACCOUNT_ROLE.MODERATOR] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ROLE_NAMES: Record<AccountRole, string> = {
  ROLE_USER: "User",
  ROLE_MODERATOR: "Moderator",
  ROLE_ADMIN: "Admin",
};

/** Whether an account with these roles acts as `role`: an admin is a moderator too. */
export function hasRole(roles: readonly string[] | undefined, role: AccountRole): boolean {
  if (!roles) return false;
  if (roles.includes(ACCOUNT_ROLE.ADMIN)) return true;
  return role === ACCOUNT_ROLE.USER || roles.includes(role);
}
