export { type Admission, admission, admit, type BetaGate, betaGateOf } from "./admission.ts";
export { joiningRoutes } from "./joining.routes.ts";
