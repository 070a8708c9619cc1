import type {
  ActivateResponse,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordFinishRequest,
  ResetPasswordInitResponse,
} from "@flipside/contracts/accounts";
import { api } from "../../lib/api.ts";

/** The browser's calls of the accounts API (docs/accounts.md); each throws `ApiError`. */
export const accountApi = {
  /** Sets the HttpOnly session cookie as well; the token itself is not kept by the web app. */
  login: (body: LoginRequest) => api.post<LoginResponse>("/authenticate", body),
  register: (body: RegisterRequest) => api.post<RegisterResponse>("/register", body),
  /** docs/web-app.md#the-api: `isBackOffice` is always false from the site. */
  requestPasswordReset: (mail: string) =>
    api.post<ResetPasswordInitResponse>("/account/reset-password/init", { mail, isBackOffice: false }),
  finishPasswordReset: (body: ResetPasswordFinishRequest) => api.post("/account/reset-password/finish", body),
  activate: (activationKey: string) => api.put<ActivateResponse>("/v1/users/activate", { activationKey }),
  resendActivation: () => api.post("/account/resend-activation", undefined),
};
