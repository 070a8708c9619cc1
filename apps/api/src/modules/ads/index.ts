export { adsRoutes } from "./ads.routes.ts";
