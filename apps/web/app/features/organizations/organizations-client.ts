import type {
  InvitationPreview,
  MyOrganization,
  OrganizationDetail,
  OrganizationInvitation,
  OrganizationMember,
  OrganizationRole,
  PublicOrganization,
  ReceivedInvitation,
} from "@flipside/contracts/organizations";
import type { SiteClaim } from "@flipside/contracts/websites";
import { type ApiClient, api } from "../../lib/api.ts";

export type {
  InvitationPreview,
  MyOrganization,
  OrganizationDetail,
  OrganizationInvitation,
  OrganizationMember,
  OrganizationRole,
  PublicOrganization,
  ReceivedInvitation,
} from "@flipside/contracts/organizations";

/** Organisations (docs/organizations.md); each call throws `ApiError`. */
export function createOrganizationsClient(client: ApiClient = api) {
  const base = (id: string) => `/v1/organizations/${id}`;
  return {
    mine: () => client.get<MyOrganization[]>("/v1/organizations"),
    create: (input: { name: string; slug: string; description?: string; website?: string }) =>
      client.post<OrganizationDetail>("/v1/organizations", input),
    detail: (id: string) => client.get<OrganizationDetail>(base(id)),
    update: (id: string, patch: { name?: string; slug?: string; description?: string; website?: string }) =>
      client.patch<OrganizationDetail>(base(id), patch),
    changeImage: (id: string, base64: string) =>
      client.post<OrganizationDetail>(`${base(id)}/image`, { base64 }),
    removeImage: (id: string) => client.delete<OrganizationDetail>(`${base(id)}/image`),
    remove: (id: string, confirm: string) => client.delete(base(id), { query: { confirm } }),
    publicProfile: (id: string) => client.get<PublicOrganization>(`${base(id)}/public`),
    members: (id: string) => client.get<OrganizationMember[]>(`${base(id)}/members`),
    changeRole: (id: string, userId: string, role: OrganizationRole) =>
      client.patch<OrganizationMember[]>(`${base(id)}/members/${userId}`, { role }),
    removeMember: (id: string, userId: string) => client.delete(`${base(id)}/members/${userId}`),
    membership: (id: string, showOnProfile: boolean) =>
      client.patch<OrganizationDetail>(`${base(id)}/membership`, { showOnProfile }),
    transfer: (id: string, userId: string) =>
      client.post<OrganizationDetail>(`${base(id)}/transfer`, { userId }),
    invitations: (id: string) => client.get<OrganizationInvitation[]>(`${base(id)}/invitations`),
    invite: (id: string, email: string, role: "ADMIN" | "MEMBER") =>
      client.post<OrganizationInvitation>(`${base(id)}/invitations`, { email, role }),
    resend: (id: string, invitationId: string) =>
      client.post(`${base(id)}/invitations/${invitationId}/resend`, {}),
    revoke: (id: string, invitationId: string) => client.delete(`${base(id)}/invitations/${invitationId}`),
    websites: (id: string) =>
      client.get<SiteClaim[]>("/v1/site-verifications", { query: { organizationId: id } }),
    claimWebsite: (id: string, address: string) =>
      client.post<SiteClaim>("/v1/site-verifications", { address, organizationId: id }),
    preview: (key: string) =>
      client.get<InvitationPreview>(`/v1/organization-invitations/${encodeURIComponent(key)}`),
    accept: (key: string) =>
      client.post<OrganizationDetail>(`/v1/organization-invitations/${encodeURIComponent(key)}/accept`, {}),
    decline: (key: string) =>
      client.post(`/v1/organization-invitations/${encodeURIComponent(key)}/decline`, {}),
    /** Invitations to your own address, answered here rather than from the mail's link. */
    forMe: () => client.get<ReceivedInvitation[]>("/v1/organization-invitations/for-me"),
    acceptMine: (invitationId: string) =>
      client.post<OrganizationDetail>(`/v1/organization-invitations/for-me/${invitationId}/accept`, {}),
    declineMine: (invitationId: string) =>
      client.post(`/v1/organization-invitations/for-me/${invitationId}/decline`, {}),
  };
}

export const organizationsApi = createOrganizationsClient();

export const organizationPath = (id: string, tab?: string) =>
  `/profile/organizations/${id}${tab ? `?tab=${tab}` : ""}`;
