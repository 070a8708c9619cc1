import { useRevalidator } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { PageSteps } from "../../components/shell/page-steps.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Flag } from "../../components/ui/icons.tsx";
import { adminLoad } from "../../features/admin/admin-access.server.ts";
import { CASES_PAGE_SIZE, createAdminClient } from "../../features/admin/admin-client.ts";
import { ModerationCaseCard } from "../../features/admin/moderation-case.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { parsePageNumber } from "../../lib/page-number.ts";
import { pageTitle } from "../../lib/page-title.ts";
import type { Route } from "./+types/moderation";

export function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePageNumber(new URL(request.url).searchParams.get("page"));
  return adminLoad(request, async () => ({
    page,
    ...(await createAdminClient(serverApi(context)).cases(page - 1)),
  }));
}

export const meta = () => [
  { title: pageTitle("Moderation", "Admin") },
  { name: "robots", content: "noindex" },
];

/** The moderation queue (docs/moderation.md): open reports grouped by what they are about. */
export default function Moderation({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  const { revalidate } = useRevalidator();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Moderation"
        description="Open reports, grouped by what they are about: sexual content involving minors first, then the most reported, then the oldest. Read the content in its place before you decide."
      />
      {items.length === 0 && page === 1 ? (
        <EmptyState
          icon={Flag}
          title="Nothing to review"
          description="When people report a page, a contribution or a person, it shows here."
        />
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {`${total} ${total === 1 ? "case" : "cases"} to review`}
          </p>
          <div className="flex flex-col gap-4" data-testid="moderation-cases">
            {items.map((item) => (
              <ModerationCaseCard key={item.targetId} item={item} onDone={() => void revalidate()} />
            ))}
          </div>
          <PageSteps
            page={page}
            pages={Math.ceil(total / CASES_PAGE_SIZE)}
            hrefForPage={(p) => `/admin/moderation?page=${p}`}
            previousLabel="Previous"
            nextLabel="Next"
            testIdPrefix="cases"
          />
        </>
      )}
    </div>
  );
}
