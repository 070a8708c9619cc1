import { Outlet } from "react-router";
import { ErrorView } from "../../components/shell/error-view.tsx";
import { SiteFrame } from "../../components/shell/site-frame.tsx";

/** Secondary layout: lists and reading pages (popular, trending, terms) in one calm column. */
function SecondaryFrame({ children }: { children: React.ReactNode }) {
  return (
    <SiteFrame layout="secondary">
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>
    </SiteFrame>
  );
}

export default function SecondaryLayout() {
  return (
    <SecondaryFrame>
      <Outlet />
    </SecondaryFrame>
  );
}

export function ErrorBoundary() {
  return (
    <SecondaryFrame>
      <ErrorView />
    </SecondaryFrame>
  );
}
