import { PageHeading } from "../../components/shell/page-heading.tsx";
import { createAdsClient } from "../../features/ads/ads-client.ts";
import { ReviewQueue } from "../../features/ads/review-queue.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/admin";

export const meta = () => titleMeta("Admin", "Ads");

/** Staff only: to anyone else the API answers 404, and the page loads nothing (ADS.md §1.12). */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { staff: true as const, queue: await createAdsClient(serverApi(context)).reviewQueue() };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 401)) return { staff: false as const };
    throw error;
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Admin" description="Review of ads and advertisers, for Flipside staff." />
      {loaderData.staff ? (
        <ReviewQueue items={loaderData.queue.items} total={loaderData.queue.total} />
      ) : (
        <p className="text-muted-foreground" data-testid="ads-admin-staff-only">
          This page is for Flipside staff.
        </p>
      )}
    </div>
  );
}
