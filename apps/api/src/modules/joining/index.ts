export { type Admission, admission, admit } from "./admission.ts";
export { joiningRoutes } from "./joining.routes.ts";
