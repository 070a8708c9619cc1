import { useId } from "react";
import { Form, useRevalidator } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Search, Users } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { adminLoad } from "../../features/admin/admin-access.server.ts";
import { ShowSelect } from "../../features/admin/show-select.tsx";
import { BetaRequests } from "../../features/joining/admin-beta-users.tsx";
import { createJoiningClient } from "../../features/joining/joining-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import { useRootData } from "../../lib/root-data.ts";
import { escapeFilterValue } from "../../lib/search-and.ts";
import type { Route } from "./+types/beta-users";

const PAGE_SIZE = 20;
const SHOW: Record<string, string> = {
  waiting: "PENDING",
  approved: "APPROVED",
  rejected: "REJECTED",
  all: "",
};

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const wanted = params.get("show") ?? "waiting";
  const show = wanted in SHOW ? wanted : "waiting";
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const page = parsePageNumber(params.get("page"));
  const searchAnd = [SHOW[show], q ? `email||${escapeFilterValue(q)}` : ""].filter(Boolean).join(",");
  return adminLoad(request, async () => ({
    show,
    q,
    page,
    ...(await createJoiningClient(serverApi(context)).betaUsers({
      page: page - 1,
      ...(searchAnd ? { searchAnd } : {}),
    })),
  }));
}

export const meta = () => [
  { title: pageTitle("Beta requests", "Admin") },
  { name: "robots", content: "noindex" },
];

/** The beta waiting list (docs/joining.md#beta-requests): oldest first, approve or reject. */
export default function BetaUsers({ loaderData }: Route.ComponentProps) {
  const { items, total, page, show, q } = loaderData;
  const gateClosed = useRootData()?.config.betaGate === true;
  const searchId = useId();
  const { revalidate } = useRevalidator();
  const hrefFor = (p: number) => {
    const params = new URLSearchParams({ show });
    if (q) params.set("q", q);
    if (p > 1) params.set("page", String(p));
    return `/admin/beta-users?${params}`;
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Beta requests"
        description={`People who asked to join, oldest first. Approving mails a link that works once, for 14 days: it opens sign-up for that address, or activates the account it already has.${gateClosed ? "" : " The beta gate is open (BETA_GATE is off): anyone can sign up without asking."}`}
      />
      <Form method="get" action="/admin/beta-users" className="flex flex-wrap items-end gap-2" role="search">
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          <Label htmlFor={searchId}>Address</Label>
          <Input
            id={searchId}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            placeholder="ada@example.com"
          />
        </div>
        <ShowSelect
          value={show}
          testId="beta-show"
          options={[
            ["waiting", "Waiting"],
            ["approved", "Approved"],
            ["rejected", "Rejected"],
            ["all", "Everyone"],
          ]}
        />
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>
      {items.length === 0 ? (
        <EmptyState
          icon={Users}
          title={show === "waiting" && !q ? "Nobody is waiting" : "No request matches"}
          description={
            show === "waiting" && !q
              ? "Requests made on the join page show up here."
              : "Try another address or show everyone."
          }
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {`${total} ${total === 1 ? "request" : "requests"}`}
          </p>
          <BetaRequests requests={items} onChange={() => void revalidate()} />
          <PageSteps
            page={page}
            pages={Math.ceil(total / PAGE_SIZE)}
            hrefForPage={hrefFor}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="beta"
          />
        </>
      )}
    </div>
  );
}
