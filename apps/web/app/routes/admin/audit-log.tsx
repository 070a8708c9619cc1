import { PageHeading } from "../../components/shell/page-heading.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ScrollText } from "../../components/ui/icons.tsx";
import { adminLoad } from "../../features/admin/admin-access.server.ts";
import { AUDIT_PAGE_SIZE, createAdminClient } from "../../features/admin/admin-client.ts";
import { AuditEntries } from "../../features/admin/audit-entries.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import type { Route } from "./+types/audit-log";

export function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  return adminLoad(request, async () => ({
    page,
    ...(await createAdminClient(serverApi(context)).auditLog({ page: page - 1 })),
  }));
}

export const meta = () => [
  { title: pageTitle("Audit log", "Admin") },
  { name: "robots", content: "noindex" },
];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Audit log"
        description="What moderators and admins did, newest first. Nothing here is ever changed or removed."
      />
      {total === 0 ? (
        <EmptyState
          icon={ScrollText}
          title="Nothing recorded yet"
          description="Role changes and moderation actions show here as they happen."
        />
      ) : (
        <>
          <AuditEntries entries={items} linked />
          <PageSteps
            page={page}
            pages={Math.ceil(total / AUDIT_PAGE_SIZE)}
            hrefForPage={(p) => `/admin/audit-log?page=${p}`}
            testIdPrefix="audit"
          />
        </>
      )}
    </div>
  );
}
