import { LIVE_EVENTS } from "@flipside/contracts/live-constants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { followPerson, useLiveHint } from "../../lib/live-events.ts";
import { refreshUnreadCount, useUnreadCount } from "../../lib/unread-notifications.ts";
import { Bell } from "../ui/icons.tsx";
import { AppLink } from "./app-link.tsx";

/** "9+" style: the badge stays one small circle however many there are. */
const shortCount = (n: number) => (n > 99 ? "99+" : String(n));

/** The header's bell: the inbox, with how many notifications are unread (asked after hydration, then kept live). */
export function NotificationBell({ userId }: { userId: string }) {
  const count = useUnreadCount(userId);
  // The count follows the person's notifications live, from any tab or device (docs/live.md).
  const queryClient = useQueryClient();
  useEffect(() => followPerson(), []);
  useLiveHint(LIVE_EVENTS.notifications, () => void refreshUnreadCount(queryClient, userId));
  const unread = count ?? 0;
  return (
    <AppLink
      to="/profile/notifications"
      data-testid="header-notifications"
      data-unread={count === undefined ? undefined : unread}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      className="relative inline-flex size-8 items-center justify-center rounded-md text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-solid"
    >
      <Bell aria-hidden="true" className="size-4.5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="header-notifications-count"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 font-semibold text-[10px] text-primary-foreground tabular-nums leading-none"
        >
          {shortCount(unread)}
        </span>
      ) : null}
    </AppLink>
  );
}
