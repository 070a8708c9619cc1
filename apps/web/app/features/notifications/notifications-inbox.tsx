import { LIVE_EVENTS } from "@flipside/contracts/live-constants";
import { NOTIFICATION_MESSAGES } from "@flipside/contracts/notification-constants";
import type { Notification } from "@flipside/contracts/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Bell, Check, CheckCheck } from "../../components/ui/icons.tsx";
import { ShowMore } from "../../components/ui/show-more.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import type { ListPage } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { useGrowingList } from "../../lib/growing-list.ts";
import { useLiveHint } from "../../lib/live-events.ts";
import { notify } from "../../lib/toast.ts";
import { refreshUnreadCount, setUnreadCount } from "../../lib/unread-notifications.ts";
import { notificationsClient } from "./notifications-client.ts";

/**
 * The inbox (docs/notifications.md#in-the-web-app): newest first, unread ones marked, each a link
 * to its place (the page view scrolls to the contribution and highlights it). Opening one marks it
 * read; "Mark all as read" marks only what the list showed, so one that arrives meanwhile stays unread.
 */
export function NotificationsInbox({ userId, first }: { userId: string; first: ListPage<Notification> }) {
  const queryClient = useQueryClient();
  const list = useGrowingList(
    first,
    (page) => notificationsClient.list(page),
    (n) => n.id,
  );
  const { items, setItems, setTotal } = list;
  const [markingAll, setMarkingAll] = useState(false);
  // New and grown notifications come in at the top as they happen (docs/live.md); once per burst.
  useLiveHint(LIVE_EVENTS.notifications, () => {
    notificationsClient
      .list(0)
      .then((latest) => {
        const fresh = new Set(latest.items.map((n) => n.id));
        setItems((shown) => [...latest.items, ...shown.filter((n) => !fresh.has(n.id))]);
        setTotal(latest.total);
      })
      .catch(() => {
        // The list stays as it is; the next hint or visit brings it up to date.
      });
  });
  const unreadShown = items.filter((n) => !n.read).length;

  function showRead(ids: ReadonlySet<string>) {
    setItems((shown) => shown.map((n) => (ids.has(n.id) ? { ...n, read: true } : n)));
  }

  async function markRead(notification: Notification) {
    if (notification.read) return;
    showRead(new Set([notification.id]));
    setUnreadCount(queryClient, userId, (n) => n - 1);
    try {
      await notificationsClient.markRead(notification.id);
    } catch {
      // It stays unread on the server: the next visit shows it so again, and the bell asks anew.
      void refreshUnreadCount(queryClient, userId);
    }
  }

  async function markAllRead() {
    setMarkingAll(true);
    // The newest thing the list showed: anything that changed after it stays unread.
    const before = items.reduce<string | undefined>(
      (newest, n) => (newest === undefined || n.updatedDate > newest ? n.updatedDate : newest),
      undefined,
    );
    try {
      await notificationsClient.markAllRead(before);
      showRead(new Set(items.map((n) => n.id)));
      void refreshUnreadCount(queryClient, userId);
      notify.success(NOTIFICATION_MESSAGES.allRead);
    } catch {
      notify.error("Could not mark them as read. Try again.");
    } finally {
      setMarkingAll(false);
    }
  }

  if (items.length === 0)
    return (
      <EmptyState
        icon={Bell}
        title="No notifications"
        description={NOTIFICATION_MESSAGES.empty}
        data-testid="notifications-empty"
      />
    );

  return (
    <section
      aria-labelledby="inbox-heading"
      className="flex flex-col gap-3"
      data-testid="notifications-inbox"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="inbox-heading" className="font-semibold text-lg">
          Inbox{" "}
          <span className="font-normal text-muted-foreground text-sm" data-testid="notifications-unread">
            {unreadShown > 0 ? `${unreadShown} unread` : NOTIFICATION_MESSAGES.allRead}
          </span>
        </h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={markAllRead}
          disabled={unreadShown === 0 || markingAll}
          aria-busy={markingAll || undefined}
          data-testid="notifications-read-all"
        >
          <CheckCheck aria-hidden="true" />
          {NOTIFICATION_MESSAGES.markAllRead}
        </Button>
      </div>
      <ul className="flex flex-col divide-y rounded-xl border bg-card" data-testid="notifications-list">
        {items.map((n) => (
          <li
            key={n.id}
            className={cn("flex items-start gap-3 px-3 py-3 sm:px-4", !n.read && "bg-primary/5")}
            data-testid="notification"
            data-kind={n.kind}
            data-read={n.read}
          >
            <span
              aria-hidden="true"
              className={cn("mt-3 size-2 shrink-0 rounded-full", n.read ? "bg-transparent" : "bg-primary")}
            />
            {n.actor ? (
              <Avatar name={n.actor.displayName} imageUrl={n.actor.imageUrl} />
            ) : (
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted">
                <Bell aria-hidden="true" className="size-4 text-muted-foreground" />
              </span>
            )}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <AppLink
                to={n.link}
                onClick={() => void markRead(n)}
                className={cn("text-sm hover:underline", n.read ? "text-foreground/80" : "font-medium")}
                data-testid="notification-link"
              >
                {n.read ? null : <span className="sr-only">Unread: </span>}
                {n.message}
              </AppLink>
              {n.excerpt ? (
                <p
                  className="line-clamp-2 border-l-2 pl-2 text-muted-foreground text-sm"
                  data-testid="notification-excerpt"
                >
                  {n.excerpt}
                </p>
              ) : null}
              <TimeAgo iso={n.updatedDate} className="text-muted-foreground text-xs" />
            </div>
            {n.read ? null : (
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                onClick={() => void markRead(n)}
                aria-label={`Mark as read: ${n.message}`}
                title="Mark as read"
                data-testid="notification-read"
              >
                <Check aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ShowMore
        shown={items.length}
        total={list.total}
        loading={list.loading}
        onMore={list.more}
        testId="notifications-more"
      />
    </section>
  );
}
