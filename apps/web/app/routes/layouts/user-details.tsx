import { Outlet } from "react-router";
import { ErrorView } from "../../components/shell/error-view.tsx";
import { SiteFrame } from "../../components/shell/site-frame.tsx";

/** User-details layout: a public profile, with a band across the top for its header. */
function UserDetailsFrame({ children }: { children: React.ReactNode }) {
  return (
    <SiteFrame layout="user-details">
      <div
        aria-hidden="true"
        className="h-28 border-b bg-gradient-to-r from-primary/15 via-note/10 to-primary/5"
      />
      <div className="-mt-10 mx-auto w-full max-w-4xl px-4 pb-12 sm:px-6">{children}</div>
    </SiteFrame>
  );
}

export default function UserDetailsLayout() {
  return (
    <UserDetailsFrame>
      <Outlet />
    </UserDetailsFrame>
  );
}

export function ErrorBoundary() {
  return (
    <UserDetailsFrame>
      <div className="pt-10">
        <ErrorView />
      </div>
    </UserDetailsFrame>
  );
}
