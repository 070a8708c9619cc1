export { adminRoutes, gate } from "./admin.routes.ts";
export { type AuditActor, readAuditLog, recordAudit } from "./audit.ts";
export { grantConfiguredAdmins } from "./roles.ts";
