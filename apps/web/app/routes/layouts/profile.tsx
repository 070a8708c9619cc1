import { Outlet } from "react-router";
import { ErrorView } from "../../components/shell/error-view.tsx";
import { OrganizationSwitcher } from "../../components/shell/organization-switcher.tsx";
import { SectionNav } from "../../components/shell/section-nav.tsx";
import { SiteFrame } from "../../components/shell/site-frame.tsx";
import { SlideTransition } from "../../components/shell/slide-transition.tsx";
import { useAppMode } from "../../lib/client-state.tsx";
import { PROFILE_NAV } from "../../lib/menu.ts";

/** Profile layout: the account area, its sections beside the page (fewer in app mode). */
function ProfileFrame({ children }: { children: React.ReactNode }) {
  const isApp = useAppMode();
  const items = PROFILE_NAV.filter((item) => !(isApp && item.hiddenInApp));
  return (
    <SiteFrame layout="profile">
      <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10 lg:py-10">
        <aside className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <SectionNav label="Profile" items={items} end="/profile" />
          {isApp ? null : <OrganizationSwitcher />}
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </SiteFrame>
  );
}

export default function ProfileLayout() {
  return (
    <ProfileFrame>
      <SlideTransition>
        <Outlet />
      </SlideTransition>
    </ProfileFrame>
  );
}

export function ErrorBoundary() {
  return (
    <ProfileFrame>
      <ErrorView />
    </ProfileFrame>
  );
}
