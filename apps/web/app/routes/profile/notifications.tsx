import { NOTIFICATION_MESSAGES } from "@flipside/contracts/notification-constants";
import { redirect } from "react-router";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { loginRedirectFor } from "../../features/accounts/session-guards.ts";
import { MailPreferences } from "../../features/notifications/mail-preferences.tsx";
import { createNotificationsClient } from "../../features/notifications/notifications-client.ts";
import { NotificationsInbox } from "../../features/notifications/notifications-inbox.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { titleMeta } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { Route } from "./+types/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = createNotificationsClient(serverApi(context));
  try {
    const [first, preferences] = await Promise.all([client.list(0), client.preferences()]);
    return { first, preferences };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirectFor(new URL(request.url)));
    throw error;
  }
}

export const meta = () => titleMeta(NOTIFICATION_MESSAGES.title, "Profile");

/** The inbox and the mail preferences (docs/notifications.md#in-the-web-app). */
export default function Page({ loaderData }: Route.ComponentProps) {
  const user = useShellUser();
  return (
    <div className="flex flex-col gap-8">
      <PageHeading
        title={NOTIFICATION_MESSAGES.title}
        description="Replies, mentions, votes and news about what you follow and the sites you own."
      />
      {user ? (
        // Keyed by the first page, so a new visit (a click on the bell) shows the new state.
        <NotificationsInbox
          key={loaderData.first.items[0]?.id ?? "none"}
          userId={user.id}
          first={loaderData.first}
        />
      ) : null}
      <MailPreferences initial={loaderData.preferences} />
    </div>
  );
}
