import type { TopUp, Transfer, Wallet, WalletLine } from "@flipside/contracts/money";
import { IDEMPOTENCY_HEADER } from "@flipside/contracts/money-constants";
import type { MyOrganization } from "@flipside/contracts/organizations";
import { type ApiClient, api, buildApiUrl, type ListPage } from "../../lib/api.ts";

export type { TopUp, Transfer, Wallet, WalletLine } from "@flipside/contracts/money";

/** The history's filters, as they stand in the page's address. */
export interface LineFilters {
  organizationId?: string | undefined;
  kind?: string | undefined;
  direction?: "IN" | "OUT" | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const WALLET_PAGE_SIZE = 25;

/** Wallets (docs/money.md); each call throws `ApiError`. */
export function createWalletClient(client: ApiClient = api) {
  return {
    wallet: (organizationId?: string) => client.get<Wallet>("/v1/wallet", { query: { organizationId } }),
    lines: (filters: LineFilters, page: number) =>
      client.list<WalletLine>("/v1/wallet/transactions", { ...filters, page, size: WALLET_PAGE_SIZE }),
    /** The organisations whose wallets the person manages (OWNER, ADMIN). */
    managed: async () =>
      (await client.get<MyOrganization[]>("/v1/organizations")).filter((o) => o.role !== "MEMBER"),
    /** `key` stays the same for every try of one intended transfer, so a retry never pays twice. */
    transfer: (
      input: { fromOrganizationId: string | null; toOrganizationId: string | null; amount: number },
      key: string,
    ) => client.post<Transfer>("/v1/wallet/transfers", input, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    /** Opens the provider's checkout; send the person to `checkoutUrl`. */
    topUp: (
      input: {
        organizationId: string | null;
        amount: number;
        /** Come back to this site's checkout rather than the wallet. */
        returnTo?: { domain: string; plan: "PRO" | "BUSINESS" };
      },
      key: string,
    ) => client.post<TopUp>("/v1/wallet/top-ups", input, { headers: { [IDEMPOTENCY_HEADER]: key } }),
    /** A top-up by its id or its checkout session (the `topUp` the person comes back with). */
    topUpState: (idOrSession: string, organizationId?: string) =>
      client.get<TopUp>(`/v1/wallet/top-ups/${encodeURIComponent(idOrSession)}`, {
        query: { organizationId },
      }),
  };
}

export const walletApi = createWalletClient();

/** The CSV file of the lines these filters show (the browser downloads it with the session cookie). */
export const csvHref = (filters: LineFilters) =>
  buildApiUrl("/v1/wallet/transactions", { ...filters, format: "csv" });

export type WalletPage = ListPage<WalletLine>;
