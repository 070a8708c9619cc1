import {
  ActivateResponse,
  type LoginRequest,
  LoginResponse,
  type RegisterRequest,
  RegisterResponse,
  type ResetPasswordFinishRequest,
  ResetPasswordInitResponse,
} from "@flipside/contracts/accounts";
import { api, NoContent } from "../../lib/api.ts";

/** The browser's calls of the accounts API (docs/accounts.md); each throws `ApiError`. */
export const accountApi = {
  /** Sets the HttpOnly session cookie as well; the token itself is not kept by the web app. */
  login: (body: LoginRequest) => api.post("/authenticate", body, LoginResponse),
  register: (body: RegisterRequest) => api.post("/register", body, RegisterResponse),
  /** docs/web-app.md#the-api: `isBackOffice` is always false from the site. */
  requestPasswordReset: (mail: string) =>
    api.post("/account/reset-password/init", { mail, isBackOffice: false }, ResetPasswordInitResponse),
  finishPasswordReset: (body: ResetPasswordFinishRequest) =>
    api.post("/account/reset-password/finish", body, NoContent),
  activate: (activationKey: string) => api.put("/v1/users/activate", { activationKey }, ActivateResponse),
  resendActivation: () => api.post("/account/resend-activation", undefined, NoContent),
};
