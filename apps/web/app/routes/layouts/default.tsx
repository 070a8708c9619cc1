import { Outlet, useMatches } from "react-router";
import { DefaultFrame } from "../../components/shell/default-frame.tsx";
import { ErrorView } from "../../components/shell/error-view.tsx";

/** Default layout: generic pages (content/*.md), the admin area and the 404 page. */
export default function DefaultLayout() {
  const admin = useMatches().some((match) => match.id === "admin-layout");
  return (
    <DefaultFrame wide={admin}>
      <Outlet />
    </DefaultFrame>
  );
}

export function ErrorBoundary() {
  return (
    <DefaultFrame>
      <ErrorView />
    </DefaultFrame>
  );
}
