import type {
  AdminInvitationCode,
  BetaActivation,
  BetaRequestCreate,
  BetaUser,
  InvitationCheck,
  InvitationCode,
  MintInvitationCodesRequest,
} from "@flipside/contracts/joining";
import { type ApiClient, api, type ListPage } from "../../lib/api.ts";

export type {
  AdminInvitationCode,
  BetaActivation,
  BetaUser,
  InvitationCheck,
  InvitationCode,
} from "@flipside/contracts/joining";

/** Joining (docs/joining.md): invitation codes; each call throws `ApiError`. */
export function createJoiningClient(client: ApiClient = api) {
  return {
    check: (code: string) => client.get<InvitationCheck>(`/v1/invitation-codes/${encodeURIComponent(code)}`),
    mine: () => client.get<InvitationCode[]>("/v1/invitation-codes"),
    adminCodes: (query: { page: number; searchAnd?: string }): Promise<ListPage<AdminInvitationCode>> =>
      client.list<AdminInvitationCode>("/v1/admin/invitation-codes", { size: 20, ...query }),
    mint: (input: MintInvitationCodesRequest) =>
      client.post<AdminInvitationCode[]>("/v1/admin/invitation-codes", input),
    revoke: (id: string) => client.delete<AdminInvitationCode>(`/v1/admin/invitation-codes/${id}`),
    requestBeta: (input: BetaRequestCreate) => client.post<{ message: string }>("/v1/beta-users", input),
    betaUsers: (query: { page: number; searchAnd?: string }): Promise<ListPage<BetaUser>> =>
      client.list<BetaUser>("/v1/beta-users", { size: 20, ...query }),
    decide: (id: string, action: "approve" | "reject") =>
      client.post<BetaUser>(`/v1/beta-users/${id}/${action}`, {}),
    betaActivation: (key: string) =>
      client.get<BetaActivation>(`/v1/beta-users/activation/${encodeURIComponent(key)}`),
    activateWithBetaLink: (key: string) =>
      client.post<{ activated: true }>("/v1/beta-users/activation", { key }),
  };
}

export const joiningApi = createJoiningClient();
