export {
  EVERYONE as EVERYONE_IN_ORGANIZATION,
  isMember,
  MANAGERS,
  membershipIds,
  organizationsOfAccount,
  requireRole,
} from "./membership.ts";
export { organizationsRoutes } from "./organizations.routes.ts";
