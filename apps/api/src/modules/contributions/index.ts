/** What other features may use of contributions: their list, and the allow-list of its filter. */
export { CONTRIBUTION_FILTER, createContributionsService } from "./contributions.service.ts";
