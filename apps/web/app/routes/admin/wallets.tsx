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
import { type CreditedOwner, CreditWallet } from "../../features/admin/credit-wallet.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { Route } from "./+types/wallets";

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = parsePageNumber(params.get("page"));
  const of: Of = params.get("of") === "organizations" ? "organizations" : "people";
  return adminLoad(request, async () => {
    const admin = createAdminClient(serverApi(context));
    if (!q) return { q, page, of, total: 0, owners: [] };
    if (of === "organizations") {
      const found = await admin.organizations({ q, page: page - 1 });
      return {
        q,
        page,
        of,
        total: found.total,
        owners: found.items.map(
          (o): Found => ({
            kind: "ORGANIZATION",
            id: o.id,
            name: o.name,
            detail: `/${o.slug} · ${o.memberCount === 1 ? "1 member" : `${o.memberCount} members`}`,
            imageUrl: o.imageUrl,
          }),
        ),
      };
    }
    const found = await admin.accounts({ q, page: page - 1 });
    return {
      q,
      page,
      of,
      total: found.total,
      owners: found.items.map(
        (a): Found => ({
          kind: "USER",
          id: a.id,
          name: a.displayName,
          detail: a.email,
          imageUrl: a.imageUrl,
        }),
      ),
    };
  });
}

type Of = "people" | "organizations";
type Found = CreditedOwner & { detail: string; imageUrl: string | null };

export const meta = () => [{ title: pageTitle("Wallets", "Admin") }, { name: "robots", content: "noindex" }];

/**
 * Admins credit a person's or an organisation's wallet by hand, with a reason (docs/money.md): while payments are not
 * configured, or as a goodwill gesture. Every credit is in the ledger and the audit log.
 */
export default function Wallets({ loaderData }: Route.ComponentProps) {
  const { owners, total, page, q, of } = loaderData;
  const currency = useRootData()?.config.currency ?? "EUR";
  const searchId = useId();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/wallets";
  const hrefFor = (p: number) =>
    `/admin/wallets?of=${of}&q=${encodeURIComponent(q)}${p > 1 ? `&page=${p}` : ""}`;
  const people = of === "people";
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Wallets"
        description="Credit a person's or an organisation's wallet with a reason: it is kept in the ledger and the audit log, and its owners see it as a credit from Flipside."
      />
      <nav aria-label="Whose wallet" className="flex gap-2">
        {(["people", "organizations"] as const).map((choice) => (
          <Button key={choice} asChild size="sm" variant={choice === of ? "default" : "outline"}>
            <AppLink
              to={`/admin/wallets?of=${choice}${q ? `&q=${encodeURIComponent(q)}` : ""}`}
              aria-current={choice === of ? "page" : undefined}
              data-testid={`wallets-of-${choice}`}
            >
              {choice === "people" ? "People" : "Organisations"}
            </AppLink>
          </Button>
        ))}
      </nav>
      <Form method="get" action="/admin/wallets" className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="of" value={of} />
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          <Label htmlFor={searchId}>{people ? "Address or name" : "Name or address"}</Label>
          <Input
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder={people ? "ada@example.com" : "Greenhouse Growers"}
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
          {people
            ? "Find the person by their address or name. Every credit shows in the "
            : "Find the organisation by its name or address. Every credit shows in the "}
          <AppLink to="/admin/audit-log" className="underline underline-offset-2">
            audit log
          </AppLink>
          .
        </p>
      ) : owners.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={people ? "No account matches" : "No organisation matches"}
          description={
            people
              ? `Nobody's address or name contains “${q}”.`
              : `No organisation's name or address contains “${q}”.`
          }
        />
      ) : (
        <>
          <ul className="divide-y rounded-xl border" data-testid="wallets-accounts">
            {owners.map((owner) => (
              <li
                key={owner.id}
                className="flex flex-wrap items-center gap-3 p-3"
                data-testid="wallets-account"
              >
                <Avatar name={owner.name} imageUrl={owner.imageUrl} className="size-9 text-sm" />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{owner.name}</span>
                  <span className="truncate text-muted-foreground text-sm">{owner.detail}</span>
                </span>
                <CreditWallet
                  owner={{ kind: owner.kind, id: owner.id, name: owner.name }}
                  currency={currency}
                />
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
