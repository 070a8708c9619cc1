import type {
  Account,
  ActivateResponse,
  ChangePasswordRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordFinishRequest,
  ResetPasswordInitResponse,
  UpdateAccountRequest,
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
  getAccount: () => api.get<Account>("/account"),
  updateAccount: (body: UpdateAccountRequest) => api.post<Account>("/account", body),
  /** `base64` may be a `data:` URL; the server checks what it really is. */
  changeImage: (base64: string) => api.post<Account>("/account/change-image-url", { base64 }),
  removeImage: () => api.delete<Account>("/account/image"),
  changePassword: (body: ChangePasswordRequest) => api.post("/account/change-password", body),
  revokeSession: (id: string) => api.delete(`/account/sessions/${encodeURIComponent(id)}`),
  revokeOtherSessions: () => api.delete("/account/sessions"),
  /** Clears the session cookie as well. */
  deleteAccount: (password: string) =>
    api.request<void>("/account", { method: "DELETE", body: { password } }).then(() => undefined),
};
