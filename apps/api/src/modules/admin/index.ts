export { adminRoutes, gate } from "./admin.routes.ts";
export { type AuditActor, recordAudit } from "./audit.ts";
export { grantConfiguredAdmins } from "./roles.ts";
