import type {
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordFinishRequest,
} from "@flipside/contracts/accounts";
import { api } from "../../lib/api.ts";

/** The browser's calls of the accounts API (docs/accounts.md); each throws `ApiError`. */
export const accountApi = {
  /** Sets the HttpOnly session cookie as well; the token itself is not kept by the web app. */
  login: (body: LoginRequest) => api.post<LoginResponse>("/authenticate", body),
  /** Revokes the session; the answer clears the cookie. */
  register: (body: RegisterRequest) => api.post<{ message: string }>("/register", body),
  /** docs/web-app.md#the-api: `isBackOffice` is always false from the site. */
  requestPasswordReset: (mail: string) =>
    api.post<{ message: string }>("/account/reset-password/init", { mail, isBackOffice: false }),
  finishPasswordReset: (body: ResetPasswordFinishRequest) =>
    api.post<void>("/account/reset-password/finish", body),
  activate: (activationKey: string) => api.put<{ activated: true }>("/v1/users/activate", { activationKey }),
  resendActivation: () => api.post<void>("/account/resend-activation"),
};
