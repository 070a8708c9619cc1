import { Outlet } from "react-router";
import { DefaultFrame } from "../../components/shell/default-frame.tsx";
import { ErrorView } from "../../components/shell/error-view.tsx";

/** Default layout: generic pages (content/*.md) and the 404 page. */
export default function DefaultLayout() {
  return (
    <DefaultFrame>
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
