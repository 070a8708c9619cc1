import { Outlet } from "react-router";
import { ErrorView } from "../../components/shell/error-view.tsx";
import { SectionNav } from "../../components/shell/section-nav.tsx";
import { SiteFrame } from "../../components/shell/site-frame.tsx";
import { SlideTransition } from "../../components/shell/slide-transition.tsx";
import { Megaphone } from "../../components/ui/icons.tsx";
import { ADS_NAV } from "../../lib/menu.ts";

/** Ads layout: the advertising area, its own navigation beside the page. */
function AdsFrame({ children }: { children: React.ReactNode }) {
  return (
    <SiteFrame layout="ads" wideHeader>
      <div className="mx-auto grid w-full max-w-screen-2xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
        <aside className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-20 lg:self-start">
          <p className="hidden items-center gap-2 px-3 font-semibold text-sm lg:flex">
            <Megaphone className="size-4 text-primary" aria-hidden="true" />
            Flipside Ads
          </p>
          <SectionNav label="Ads" items={ADS_NAV} end="/ads" />
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </SiteFrame>
  );
}

export default function AdsLayout() {
  return (
    <AdsFrame>
      <SlideTransition>
        <Outlet />
      </SlideTransition>
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
