/** What other features may use of contributions: the allow-list of their list's filter. */
export { CONTRIBUTION_FILTER } from "./contributions.service.ts";
