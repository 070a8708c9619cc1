export { paymentsFor, paymentsRoutes } from "./payments.routes.ts";
export type { TopUps } from "./top-ups.ts";
