import { ACCOUNT_ROLE, type GrantableRole } from "@flipside/contracts/roles";
import { useId } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Search, SearchX } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { AccountRoles } from "../../features/admin/account-roles.tsx";
import { adminLoad } from "../../features/admin/admin-access.server.ts";
import { ADMIN_ACCOUNTS_PAGE_SIZE, createAdminClient } from "../../features/admin/admin-client.ts";
import { ShowSelect } from "../../features/admin/show-select.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/roles";

const ROLE_FILTERS: Record<string, GrantableRole> = {
  admins: ACCOUNT_ROLE.ADMIN,
  moderators: ACCOUNT_ROLE.MODERATOR,
};

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const show = params.get("show") ?? "";
  const role = ROLE_FILTERS[show];
  const page = parsePageNumber(params.get("page"));
  return adminLoad(request, async () => ({
    q,
    show: role ? show : "all",
    page,
    ...(await createAdminClient(serverApi(context)).accounts({
      ...(q ? { q } : {}),
      ...(role ? { role } : {}),
      page: page - 1,
    })),
  }));
}

export const meta = () => [{ title: pageTitle("Roles", "Admin") }, { name: "robots", content: "noindex" }];

/** Admins find accounts by address or name and give or take back a role. */
export default function Roles({ loaderData }: Route.ComponentProps) {
  const { items, total, page, q, show } = loaderData;
  const user = useShellUser();
  const searchId = useId();
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/roles";
  const hrefFor = (p: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (show !== "all") params.set("show", show);
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return query ? `/admin/roles?${query}` : "/admin/roles";
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Roles"
        description="Moderators work the moderation queue; admins do that and manage roles. Every change is kept in the audit log."
      />
      <Form method="get" action="/admin/roles" className="flex flex-wrap items-end gap-2" role="search">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          <Label htmlFor={searchId}>Address or name</Label>
          <Input
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder="ada@example.com"
            data-testid="accounts-search"
          />
        </div>
        <ShowSelect
          value={show}
          testId="accounts-show"
          options={[
            ["all", "Everyone"],
            ["moderators", "Moderators"],
            ["admins", "Admins"],
          ]}
        />
        <Button type="submit" loading={searching}>
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>
      {items.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No account matches"
          description={q ? `Nobody's address or name contains “${q}”.` : "There is nobody in this list yet."}
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {`${total} ${total === 1 ? "account" : "accounts"}`}
          </p>
          <AccountRoles accounts={items} viewerId={user?.id ?? ""} onChange={() => void revalidate()} />
          <PageSteps
            page={page}
            pages={Math.ceil(total / ADMIN_ACCOUNTS_PAGE_SIZE)}
            hrefForPage={hrefFor}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="accounts"
          />
        </>
      )}
    </div>
  );
}
