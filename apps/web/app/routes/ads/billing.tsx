import { AD_BILLING_TEXTS as T } from "@flipside/contracts/ads-constants";
import { Receipt } from "../../components/ui/icons.tsx";
import { loadForAccount } from "../../features/ads/account-loader.server.ts";
import { AdsScreen } from "../../features/ads/ads-screen.tsx";
import {
  BillingFigures,
  MonthlyStatements,
  SPEND_PAGE_SIZE,
  SpendLines,
  spendMonths,
} from "../../features/ads/billing.tsx";
import { LoadFailed } from "../../features/ads/load-failed.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/billing";

export const meta = () => titleMeta("Billing", "Ads");

export function loader({ request, context }: Route.LoaderArgs) {
  return loadForAccount(request, context, async (client, account, params) => {
    const month = params.get("month");
    const range = spendMonths(account.timezone).find((m) => m.value === month) ?? null;
    const page = Math.max(1, Number(params.get("page")) || 1);
    const spendQuery = {
      adAccountId: account.id,
      where: range ? [`date>=${range.from}`, `date<=${range.to}`] : [],
      page: page - 1,
      size: SPEND_PAGE_SIZE,
    };
    const [billing, spend, statements] = await Promise.all([
      client.billing(account.id),
      client.spend(spendQuery),
      // Two years of months fit on one page; older ones are a scroll of the API away.
      client.statements({ adAccountId: account.id, size: 24 }),
    ]);
    return { billing, spend, spendQuery, month: range?.value ?? null, page, statements: statements.items };
  });
}

/** Billing (ADS.md §1.10): what the account has and spends, line by line and month by month. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { data, failed } = loaderData;
  return (
    <AdsScreen title={T.title} description={T.description} icon={Receipt}>
      {({ account }) =>
        failed || !data || loaderData.accountId !== account.id ? (
          <LoadFailed thing="billing" testId="billing-error" />
        ) : (
          <div className="flex flex-col gap-8">
            <BillingFigures account={account} billing={data.billing} />
            <SpendLines
              account={account}
              lines={data.spend}
              query={data.spendQuery}
              month={data.month}
              page={data.page}
            />
            <MonthlyStatements account={account} statements={data.statements} />
            <p className="text-muted-foreground text-sm" data-testid="billing-footnote">
              {T.footnote}
            </p>
          </div>
        )
      }
    </AdsScreen>
  );
}
