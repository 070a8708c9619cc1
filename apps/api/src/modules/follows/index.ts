/** What other features may use of follows: who follows what (notifications of new activity). */
export { followedBy } from "./follows.service.ts";
