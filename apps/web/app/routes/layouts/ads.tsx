import { AD_ACCOUNT_COOKIE } from "@flipside/contracts/ads-constants";
import { ACCOUNT_ROLE, hasRole } from "@flipside/contracts/roles";
import { useEffect, useState } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs, useLocation, useNavigation } from "react-router";
import { ErrorView } from "../../components/shell/error-view.tsx";
import { SectionNav } from "../../components/shell/section-nav.tsx";
import { SiteFrame } from "../../components/shell/site-frame.tsx";
import { SlideTransition } from "../../components/shell/slide-transition.tsx";
import { Megaphone } from "../../components/ui/icons.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { AccountSwitcher } from "../../features/ads/account-switcher.tsx";
import { type AdsContext, ANONYMOUS, chooseAccount } from "../../features/ads/ad-account.ts";
import { createAdsClient } from "../../features/ads/ads-client.ts";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { readCookie } from "../../lib/cookies.ts";
import { ADS_NAV } from "../../lib/menu.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/ads";

/**
 * The visitor's advertiser accounts and the one the screens show (ADS.md §1.0). A signed-out
 * visitor gets the same answer as every other (no call is made for them by the screens), so the
 * anonymous page cache may keep it.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<AdsContext> {
  const client = createAdsClient(serverApi(context));
  try {
    const [accounts, choices] = await Promise.all([client.accounts(), client.ownerChoices()]);
    const current = chooseAccount(accounts, readCookie(request.headers.get("cookie"), AD_ACCOUNT_COOKIE));
    return { signedIn: true, accounts, choices, current };
  } catch (error) {
    if (isApiError(error) && error.status === 401) return ANONYMOUS;
    throw error;
  }
}

/**
 * Moving between screens does not change the accounts, so it does not ask again; a save on a
 * screen (its revalidation, on the same address) or a form may.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate && (formMethod !== undefined || currentUrl.pathname === nextUrl.pathname);
}

/** Ads layout: the advertising area, its own navigation beside the page. */
function AdsFrame({ children }: { children: React.ReactNode }) {
  const user = useShellUser();
  // "Admin" is Flipside staff's (ADS.md §1.12): nobody else is shown the way there.
  const items = hasRole(user?.roles, ACCOUNT_ROLE.ADMIN)
    ? ADS_NAV
    : ADS_NAV.filter((i) => i.id !== "ads-admin");
  return (
    <SiteFrame layout="ads" wideHeader>
      <div className="mx-auto grid w-full max-w-screen-2xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
        <aside className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-20 lg:self-start">
          <p className="hidden items-center gap-2 px-3 font-semibold text-sm lg:flex">
            <Megaphone className="size-4 text-primary" aria-hidden="true" />
            Flipside Ads
          </p>
          <AccountSwitcher />
          <SectionNav label="Ads" items={items} end="/ads" />
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </SiteFrame>
  );
}

/**
 * Whether the visitor is waiting for another /ads screen's data for longer than a blink
 * (ADS.md §1.0: skeletons in place of lists on navigation, no spinner over the page). Loads
 * faster than 200 ms swap screens without a flash.
 */
function useSlowAdsNavigation(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const moving = target?.pathname.startsWith("/ads") === true && target.pathname !== pathname;
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!moving) return;
    const timer = setTimeout(() => setSlow(true), 200);
    return () => clearTimeout(timer);
  }, [moving]);
  return moving && slow;
}

function ScreenSkeleton() {
  return (
    <div className="flex flex-col gap-6" data-testid="ads-screen-loading" aria-busy="true">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="flex flex-col gap-3">
        {["a", "b", "c", "d", "e"].map((key) => (
          <Skeleton key={key} className="h-12 w-full" />
        ))}
      </div>
    </div>
  );
}

export default function AdsLayout() {
  const slow = useSlowAdsNavigation();
  return (
    <AdsFrame>
      <SlideTransition>{slow ? <ScreenSkeleton /> : <Outlet />}</SlideTransition>
    </AdsFrame>
  );
}

export function ErrorBoundary() {
  return (
    <AdsFrame>
      <ErrorView />
    </AdsFrame>
  );
}
