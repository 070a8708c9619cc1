import { formatMoney, MONEY_MESSAGES } from "@flipside/contracts/money-constants";
import { useState } from "react";
import { redirect, useNavigate, useRevalidator } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { CircleAlert } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { TopUp, TopUpReturn } from "../../features/wallet/top-up.tsx";
import { TransferDialog, type WalletChoice } from "../../features/wallet/transfer-dialog.tsx";
import {
  createWalletClient,
  type LineFilters,
  type Wallet,
  type WalletPage,
  walletApi,
} from "../../features/wallet/wallet-client.ts";
import { WalletHistory } from "../../features/wallet/wallet-history.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { Route } from "./+types/wallet";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const KINDS = /^[A-Z_]{3,20}$/;

/** The filters in the address, kept only when the API would take them (anything else is dropped). */
function filtersOf(url: URL): { filters: LineFilters; page: number } {
  const p = url.searchParams;
  const pick = (name: string, ok: (v: string) => boolean) => {
    const v = p.get(name);
    return v && ok(v) ? v : undefined;
  };
  const direction = p.get("direction");
  return {
    filters: {
      organizationId: pick("organizationId", isUuid),
      kind: pick("kind", (v) => KINDS.test(v)),
      direction: direction === "IN" || direction === "OUT" ? direction : undefined,
      from: pick("from", (v) => DATE.test(v)),
      to: pick("to", (v) => DATE.test(v)),
    },
    page: Math.max(1, Math.min(10_000, Number(p.get("page")) || 1)),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { filters, page } = filtersOf(url);
  const client = createWalletClient(serverApi(context));
  try {
    const [wallet, lines, managed] = await Promise.all([
      client.wallet(filters.organizationId),
      client.lines(filters, page - 1),
      client.managed(),
    ]);
    const topUpReturn = url.searchParams.get("topUp")?.slice(0, 255) || null;
    return { wallet, lines, managed, filters, page, topUpReturn };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(url));
    // Another organisation's wallet, or one the person only belongs to: their own instead.
    if (isApiError(error) && (error.status === 403 || error.status === 404) && filters.organizationId) {
      throw redirect("/profile/wallet");
    }
    throw error;
  }
}

export const meta = () => titleMeta("Wallet", "Profile");

/** Balance, moving money between one's wallets, and the history (docs/money.md). */
export default function WalletScreen({ loaderData }: Route.ComponentProps) {
  const { managed, filters, page, topUpReturn } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const refresh = () => void revalidate();
  // A payment confirmed while the page is open: balance and history read again in place, newer
  // than the page's data until it loads again.
  const [fresh, setFresh] = useState<{ of: typeof loaderData; wallet: Wallet; lines: WalletPage } | null>(
    null,
  );
  const { wallet, lines } = fresh?.of === loaderData ? fresh : loaderData;
  const paid = async () => {
    const [nextWallet, nextLines] = await Promise.all([
      walletApi.wallet(filters.organizationId),
      walletApi.lines(filters, page - 1),
    ]);
    setFresh({ of: loaderData, wallet: nextWallet, lines: nextLines });
  };
  const choices: WalletChoice[] = [
    { id: "", name: "Your wallet" },
    ...managed.map((o) => ({ id: o.id, name: o.name })),
  ];
  const currentId = wallet.owner.kind === "ORGANIZATION" ? wallet.owner.id : "";
  const hrefFor = (n: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
    if (n > 1) q.set("page", String(n));
    const s = q.toString();
    return s ? `/profile/wallet?${s}` : "/profile/wallet";
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Wallet"
        description="Money for plans and ads. Every movement is kept, explained, and adds up to the balance."
        actions={
          choices.length > 1 ? (
            <TransferDialog
              key={currentId}
              choices={choices}
              currentId={currentId}
              currency={wallet.currency}
              onMoved={refresh}
            />
          ) : null
        }
      />
      {choices.length > 1 ? (
        <label className="flex max-w-xs flex-col gap-1 text-sm">
          <span className="font-medium">Wallet of</span>
          <select
            value={currentId}
            onChange={(e) =>
              navigate(
                e.target.value ? `/profile/wallet?organizationId=${e.target.value}` : "/profile/wallet",
              )
            }
            className={cn(inputVariants(), "pr-8")}
            data-testid="wallet-switch"
          >
            {choices.map((c) => (
              <option key={c.id || "own"} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Card data-testid="wallet-card">
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <span className="text-muted-foreground text-sm">
              {wallet.owner.kind === "ORGANIZATION" ? `${wallet.owner.name}'s balance` : "Your balance"}
            </span>
            <span className="font-semibold text-4xl tabular-nums tracking-tight" data-testid="wallet-balance">
              {formatMoney(wallet.balance, wallet.currency)}
            </span>
          </div>
          {topUpReturn ? (
            <TopUpReturn
              session={topUpReturn}
              organizationId={filters.organizationId}
              onPaid={() => void paid().catch(refresh)}
            />
          ) : null}
          {wallet.topUp.available ? (
            <TopUp key={wallet.owner.id} wallet={wallet} />
          ) : (
            <p
              className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm"
              data-testid="top-up-unavailable"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{MONEY_MESSAGES.paymentsNotConfigured}</span>
            </p>
          )}
        </CardContent>
      </Card>
      <WalletHistory
        key={JSON.stringify(filters)}
        lines={lines}
        filters={filters}
        page={page}
        currency={wallet.currency}
        hrefFor={hrefFor}
      />
    </div>
  );
}
