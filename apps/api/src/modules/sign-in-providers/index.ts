export { signInProvidersRoutes } from "./sign-in.routes.ts";
