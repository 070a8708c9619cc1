import { REPORT_TARGET_KINDS } from "@flipside/contracts/moderation-constants";
import { useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { adminLoad, notFoundPage } from "../../features/admin/admin-access.server.ts";
import { createAdminClient } from "../../features/admin/admin-client.ts";
import { ModerationCaseCard } from "../../features/admin/moderation-case.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { pageTitle } from "../../lib/page-title.ts";
import { isUuid } from "../../lib/uuid.ts";
import type { Route } from "./+types/moderation-target";

const isKind = (kind: string) => (REPORT_TARGET_KINDS as readonly string[]).includes(kind);

export function loader({ request, context, params }: Route.LoaderArgs) {
  if (!isKind(params.kind) || !isUuid(params.id)) throw notFoundPage(request);
  return adminLoad(request, () => createAdminClient(serverApi(context)).case(params.kind, params.id));
}

export const meta = () => [
  { title: pageTitle("Moderation case", "Admin") },
  { name: "robots", content: "noindex" },
];

/**
 * One target as a case, reported or not (docs/moderation.md#restoring): what a moderator opens from
 * the audit log to read a decision's target as it is now, and undo it.
 */
export default function ModerationTarget({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Moderation case"
        description="What was decided about it, and what it is now. Open reports, if any, are in the queue too."
      />
      <ModerationCaseCard item={loaderData} onDone={() => void revalidate()} />
      <AppLink to="/admin/moderation" className="self-start text-primary text-sm hover:underline">
        Back to the queue
      </AppLink>
    </div>
  );
}
