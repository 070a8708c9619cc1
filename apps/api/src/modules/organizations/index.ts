export { isMember, MANAGERS, membershipIds, requireRole } from "./membership.ts";
export { organizationsRoutes } from "./organizations.routes.ts";
