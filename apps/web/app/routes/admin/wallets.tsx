import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Search, SearchX } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { adminLoad } from "../../features/admin/admin-access.server.ts";
import { ADMIN_ACCOUNTS_PAGE_SIZE, createAdminClient } from "../../features/admin/admin-client.ts";
import { CreditWallet } from "../../features/admin/credit-wallet.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { Route } from "./+types/wallets";

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = parsePageNumber(params.get("page"));
  return adminLoad(request, async () => ({
    q,
    page,
    ...(q
      ? await createAdminClient(serverApi(context)).accounts({ q, page: page - 1 })
      : { items: [], total: 0 }),
  }));
}

export const meta = () => [{ title: pageTitle("Wallets", "Admin") }, { name: "robots", content: "noindex" }];

/**
 * Admins credit a person's wallet by hand, with a reason (docs/money.md): while payments are not
 * configured, or as a goodwill gesture. Every credit is in the ledger and the audit log.
 */
export default function Wallets({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q } = loaderData;
  const currency = useRootData()?.config.currency ?? "EUR";
  const searchId = useId();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/wallets";
  const hrefFor = (p: number) => `/admin/wallets?q=${encodeURIComponent(q)}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Wallets"
        description="Credit a person's wallet with a reason: it is kept in the ledger and the audit log, and they see it as a credit from Flipside."
      />
      <Form method="get" action="/admin/wallets" className="flex flex-wrap items-end gap-2" role="search">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          <Label htmlFor={searchId}>Address or name</Label>
          <Input
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder="ada@example.com"
            data-testid="wallets-search"
          />
        </div>
        <Button type="submit" loading={searching}>
          <Search aria-hidden="true" />
          Find
        </Button>
      </Form>
      {!q ? (
        <p className="text-muted-foreground text-sm">
          Find the person by their address or name. Every credit shows in the{" "}
          <AppLink to="/admin/audit-log" className="underline underline-offset-2">
            audit log
          </AppLink>
          .
        </p>
      ) : items.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No account matches"
          description={`Nobody's address or name contains “${q}”.`}
        />
      ) : (
        <>
          <ul className="divide-y rounded-xl border" data-testid="wallets-accounts">
            {items.map((account) => (
              <li
                key={account.id}
                className="flex flex-wrap items-center gap-3 p-3"
                data-testid="wallets-account"
              >
                <Avatar name={account.displayName} imageUrl={account.imageUrl} className="size-9 text-sm" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{account.displayName}</span>
                  <span className="truncate text-muted-foreground text-sm">{account.email}</span>
                </span>
                <CreditWallet account={account} currency={currency} />
              </li>
            ))}
          </ul>
          <PageSteps
            page={page}
            pages={Math.ceil(total / ADMIN_ACCOUNTS_PAGE_SIZE)}
            hrefForPage={hrefFor}
            testIdPrefix="wallets"
          />
        </>
      )}
    </div>
  );
}
