export { adsRoutes } from "./ads.routes.ts";
export { adsAdminRoutes } from "./ads-admin.routes.ts";
export { adsAutopilotRoutes } from "./autopilot.routes.ts";
export { adsBillingRoutes } from "./billing.routes.ts";
export { adsConversionsRoutes } from "./conversions.routes.ts";
export { adsPlanningRoutes } from "./planning.routes.ts";
export { adsReportsRoutes } from "./reports.routes.ts";
export { adsServingPlugin, servingRoutes } from "./serving.routes.ts";
export { targetingRoutes } from "./targeting.routes.ts";
