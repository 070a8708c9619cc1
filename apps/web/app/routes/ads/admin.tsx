import { Form } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { createAdsClient } from "../../features/ads/ads-client.ts";
import {
  ADVERTISERS_PAGE_SIZE,
  AdvertisersAdmin,
  InvalidTraffic,
} from "../../features/ads/advertisers-admin.tsx";
import { RangeFields } from "../../features/ads/analytics.tsx";
import { readReportView } from "../../features/ads/report-view.ts";
import { ReviewQueue } from "../../features/ads/review-queue.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/admin";

export const meta = () => titleMeta("Admin", "Ads");

const TABS = ["review", "advertisers", "invalid"] as const;
type Tab = (typeof TABS)[number];

/** Staff only: to anyone else the API answers 404, and the page loads nothing (ADS.md §1.12). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab: Tab = TABS.find((t) => t === params.get("tab")) ?? "review";
  const client = createAdsClient(serverApi(context));
  try {
    // The queue's size is in its tab's name, whichever tab is open.
    const queue = await client.reviewQueue();
    if (tab === "advertisers") {
      const search = (params.get("q") ?? "").trim().slice(0, 100);
      const page = Math.max(1, Number(params.get("page")) || 1);
      const advertisers = await client.advertisers({ search, page: page - 1, size: ADVERTISERS_PAGE_SIZE });
      return { staff: true as const, tab, queue, advertisers: { ...advertisers, search, page } };
    }
    if (tab === "invalid") {
      // Platform-wide traffic is counted in UTC days.
      const range = readReportView(params, "UTC");
      const rows = range.error ? [] : await client.invalidTraffic(range.from, range.to);
      return { staff: true as const, tab, queue, invalid: { range, rows } };
    }
    return { staff: true as const, tab, queue };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 401)) return { staff: false as const };
    throw error;
  }
}

const tabHref = (tab: Tab) => (tab === "review" ? "/ads/admin" : `/ads/admin?tab=${tab}`);

export default function Page({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Admin" description="Review of ads and advertisers, for Flipside staff." />
      {!data.staff ? (
        <p className="text-muted-foreground" data-testid="ads-admin-staff-only">
          This page is for Flipside staff.
        </p>
      ) : (
        <>
          <nav
            aria-label="Ads administration"
            className="flex flex-wrap gap-1 border-b"
            data-testid="ads-admin-tabs"
          >
            {TABS.map((tab) => (
              <AppLink
                key={tab}
                to={tabHref(tab)}
                aria-current={data.tab === tab ? "page" : undefined}
                className={cn(
                  "-mb-px border-b-2 px-3 py-2 font-medium text-sm",
                  data.tab === tab
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {tab === "review"
                  ? `Review queue (${data.queue.total})`
                  : tab === "advertisers"
                    ? "Advertisers"
                    : "Invalid traffic"}
              </AppLink>
            ))}
          </nav>
          {data.tab === "advertisers" && "advertisers" in data && data.advertisers ? (
            <AdvertisersAdmin {...data.advertisers} />
          ) : data.tab === "invalid" && "invalid" in data && data.invalid ? (
            <section className="flex flex-col gap-4" aria-label="Invalid traffic">
              <Form method="get" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="tab" value="invalid" />
                <RangeFields view={data.invalid.range} />
              </Form>
              <p className="text-muted-foreground text-sm">Days in UTC. Invalid traffic is never charged.</p>
              <InvalidTraffic rows={data.invalid.rows} />
            </section>
          ) : (
            <ReviewQueue items={data.queue.items} total={data.queue.total} />
          )}
        </>
      )}
    </div>
  );
}
