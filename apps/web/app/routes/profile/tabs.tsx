import { redirect } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { createCustomTabsClient } from "../../features/discussion/custom-tabs-client.ts";
import { CustomTabsManager } from "../../features/discussion/custom-tabs-manager.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/tabs";

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { tabs: await createCustomTabsClient(serverApi(context)).list() };
  } catch (error) {
    // Signed out in another tab since the page was opened: log in again and come back.
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    throw error;
  }
}

export const meta = () => titleMeta("Tabs", "Profile");

export default function Page({ loaderData }: Route.ComponentProps) {
  const user = useShellUser();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Tabs"
        description="Your own tabs on every page, after Comments, Reviews, Related and My notes: each shows the contributions there that match it."
      />
      {user ? <CustomTabsManager userId={user.id} initial={loaderData.tabs} /> : null}
    </div>
  );
}
