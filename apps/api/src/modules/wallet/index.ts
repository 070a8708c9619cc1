export { ownerFor } from "./wallet.service.ts";
