import { Outlet } from "react-router";
import { ErrorView } from "../../components/shell/error-view.tsx";
import { SiteFrame } from "../../components/shell/site-frame.tsx";

/** Home layout: the front page and the short account flows (login, sign-up, join…). */
function HomeFrame({ children }: { children: React.ReactNode }) {
  return (
    <SiteFrame layout="home">
      <div className="relative isolate">
        <div
          aria-hidden="true"
          className="-z-10 pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary/[0.07] to-transparent"
        />
        <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
      </div>
    </SiteFrame>
  );
}

export default function HomeLayout() {
  return (
    <HomeFrame>
      <Outlet />
    </HomeFrame>
  );
}

export function ErrorBoundary() {
  return (
    <HomeFrame>
      <ErrorView />
    </HomeFrame>
  );
}
