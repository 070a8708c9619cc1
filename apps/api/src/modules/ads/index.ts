export { adsRoutes } from "./ads.routes.ts";
export { adsAdminRoutes } from "./ads-admin.routes.ts";
export { targetingRoutes } from "./targeting.routes.ts";
