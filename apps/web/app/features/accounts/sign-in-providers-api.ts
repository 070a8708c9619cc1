import type {
  FacebookDeletion,
  PendingLink,
  SignInProvidersOfAccount,
} from "@flipside/contracts/sign-in-providers";
import { type ApiClient, api } from "../../lib/api.ts";

export type {
  FacebookDeletion,
  PendingLink,
  SignInProvidersOfAccount,
} from "@flipside/contracts/sign-in-providers";

/** Signing in with other providers (docs/sign-in-providers.md); each call throws `ApiError`. */
export function createSignInProvidersClient(client: ApiClient = api) {
  return {
    ofAccount: () => client.get<SignInProvidersOfAccount>("/v1/account/sign-in-providers"),
    startLink: (provider: string) =>
      client.post<{ url: string }>(`/v1/account/sign-in-providers/${encodeURIComponent(provider)}/link`, {}),
    unlink: (id: string) => client.delete(`/v1/account/sign-in-providers/${id}`),
    pending: (token: string) => client.get<PendingLink>(`/v1/sign-in/pending/${encodeURIComponent(token)}`),
    proveWithPassword: (token: string, password: string) =>
      client.post<{ returnTo: string }>(`/v1/sign-in/pending/${encodeURIComponent(token)}/password`, {
        password,
      }),
    mailProof: (token: string) =>
      client.post<{ message: string }>(`/v1/sign-in/pending/${encodeURIComponent(token)}/mail`, {}),
    confirmMail: (key: string) => client.post<{ returnTo: string }>("/v1/sign-in/pending/confirm", { key }),
    facebookDeletion: (code: string) =>
      client.get<FacebookDeletion>(`/v1/facebook/deletions/${encodeURIComponent(code)}`),
  };
}

export const signInProvidersApi = createSignInProvidersClient();
