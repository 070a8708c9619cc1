import { previousRange, AD_ANALYTICS_TEXTS as T } from "@flipside/contracts/ads-constants";
import { ChartColumn } from "../../components/ui/icons.tsx";
import { loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen } from "../../features/ads/ads-screen.tsx";
import {
  isEmptyReport,
  ReportControls,
  ReportEmpty,
  ReportFigures,
  ReportFooter,
  ReportTable,
  ReportTrend,
} from "../../features/ads/analytics.tsx";
import { ConversionSettings } from "../../features/ads/conversion-settings.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { readReportView } from "../../features/ads/report-view.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/analytics";

export const meta = () => titleMeta("Analytics", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, async (client, account, params) => {
    const view = readReportView(params, account.timezone);
    const campaigns = client
      .campaigns({ adAccountId: account.id, sort: ["name,asc"], size: 100 })
      .then((page) => page.items.map(({ id, name, status }) => ({ id, name, status })));
    const conversions = client.conversionSettings(account.id);
    if (view.error)
      return {
        view,
        campaigns: await campaigns,
        report: null,
        daily: null,
        previousDaily: null,
        conversions: await conversions,
      };
    const query = { adAccountId: account.id, from: view.from, to: view.to, campaignIds: view.campaignIds };
    const [report, daily, previousDaily, names, settings] = await Promise.all([
      client.report({ ...query, groupBy: view.by }),
      // The chart is always day by day, whatever the table breaks down by.
      view.by === "day" ? null : client.report({ ...query, groupBy: "day" }),
      client.report({ ...query, ...previousRange(view.from, view.to), groupBy: "day" }),
      campaigns,
      conversions,
    ]);
    return { view, campaigns: names, report, daily: daily ?? report, previousDaily, conversions: settings };
  });
}

/** Analytics (ADS.md §1.8): how the account's campaigns did over a range of its days. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data, failed } = loaderData;
  return (
    <AdsScreen title={T.title} description={T.description} icon={ChartColumn}>
      {({ account, canWrite }) =>
        failed || !data || loaderData.accountId !== account.id ? (
          <LoadFailed thing="the report" testId="report-error" />
        ) : (
          <div className="flex flex-col gap-6">
            <ReportControls view={data.view} campaigns={data.campaigns} />
            {!data.report || !data.daily || !data.previousDaily ? null : isEmptyReport(data.report) ? (
              <ReportEmpty />
            ) : (
              <>
                <ReportFigures report={data.report} />
                <ReportTrend
                  daily={data.daily}
                  previousDaily={data.previousDaily}
                  currency={account.currency}
                />
                <ReportTable report={data.report} view={data.view} adAccountId={account.id} />
                <ReportFooter report={data.report} />
              </>
            )}
            <ConversionSettings adAccountId={account.id} initial={data.conversions} canWrite={canWrite} />
          </div>
        )
      }
    </AdsScreen>
  );
}
