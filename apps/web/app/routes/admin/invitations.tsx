import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { KeyRound } from "../../components/ui/icons.tsx";
import { adminLoad } from "../../features/admin/admin-access.server.ts";
import { ShowSelect } from "../../features/admin/show-select.tsx";
import { AdminCodeList, MintCodes } from "../../features/joining/admin-invitations.tsx";
import { createJoiningClient } from "../../features/joining/joining-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import type { Route } from "./+types/invitations";

const PAGE_SIZE = 20;
const SHOW: Record<string, string> = {
  all: "",
  minted: "kind==MINTED",
  valid: "VALID",
  used: "USED",
  expired: "EXPIRED",
  revoked: "REVOKED",
};

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const wanted = params.get("show") ?? "minted";
  const show = wanted in SHOW ? wanted : "minted";
  const page = parsePageNumber(params.get("page"));
  const searchAnd = SHOW[show];
  return adminLoad(request, async () => ({
    show,
    page,
    ...(await createJoiningClient(serverApi(context)).adminCodes({
      page: page - 1,
      ...(searchAnd ? { searchAnd } : {}),
    })),
  }));
}

export const meta = () => [
  { title: pageTitle("Invitation codes", "Admin") },
  { name: "robots", content: "noindex" },
];

/** Admins mint codes for many people and revoke codes (docs/joining.md). */
export default function Invitations({ loaderData }: Route.ComponentProps) {
  const { items, total, page, show } = loaderData;
  const { revalidate } = useRevalidator();
  const [minted, setMinted] = useState<ReadonlySet<string>>(new Set());
  const hrefFor = (p: number) => `/admin/invitations?show=${show}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Invitation codes"
        description="Every activated account has a few codes of its own; mint more here, for many uses or until a date. Minting and revoking are kept in the audit log."
      />
      <MintCodes
        onMinted={(codes) => {
          setMinted(new Set(codes.map((code) => code.id)));
          void revalidate();
        }}
      />
      <Form method="get" action="/admin/invitations" className="flex flex-wrap items-end gap-2">
        <ShowSelect
          value={show}
          testId="codes-show"
          className="w-48"
          options={[
            ["minted", "Minted codes"],
            ["all", "Every code"],
            ["valid", "Valid"],
            ["used", "Used"],
            ["expired", "Expired"],
            ["revoked", "Revoked"],
          ]}
        />
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
      {items.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No codes here"
          description={
            show === "minted" ? "No code has been minted yet: mint some above." : "No code is in this state."
          }
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {`${total} ${total === 1 ? "code" : "codes"}`}
          </p>
          <AdminCodeList codes={items} highlighted={minted} onChange={() => void revalidate()} />
          <PageSteps
            page={page}
            pages={Math.ceil(total / PAGE_SIZE)}
            hrefForPage={hrefFor}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="codes"
          />
        </>
      )}
    </div>
  );
}
