export { accountLimits, HOUR_SEC } from "./accounts.rate-limits.ts";
export { findUserByEmail, findUserById, insertUser, type UserRow } from "./accounts.repository.ts";
export { sessionCookieOptions } from "./accounts.routes.ts";
export { assertNotSuspended, type ClientInfo, startSession } from "./accounts.service.ts";
