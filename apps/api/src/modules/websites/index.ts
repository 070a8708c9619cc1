export { claimTarget } from "./claim-target.ts";
