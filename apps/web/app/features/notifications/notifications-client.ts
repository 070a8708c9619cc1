import { type MailChoice, NOTIFICATIONS_PAGE_SIZE } from "@flipside/contracts/notification-constants";
import type { Notification, NotificationPreference } from "@flipside/contracts/notifications";
import { type ApiClient, api, type ListPage } from "../../lib/api.ts";

/** The calls of the inbox and the mail preferences (docs/notifications.md); each throws `ApiError`. */
export function createNotificationsClient(client: ApiClient = api) {
  return {
    list: (page = 0): Promise<ListPage<Notification>> =>
      client.list<Notification>("/v1/notifications", { page, size: NOTIFICATIONS_PAGE_SIZE }),
    markRead: (id: string) => client.post(`/v1/notifications/${encodeURIComponent(id)}/read`, {}),
    /** Only what the person saw: the newest `updatedDate` the list showed. */
    markAllRead: (before: string | undefined) =>
      client.post("/v1/notifications/read-all", before ? { before } : {}),
    preferences: () => client.get<NotificationPreference[]>("/v1/notification-preferences"),
    savePreference: (kind: NotificationPreference["kind"], mail: MailChoice) =>
      client.put<NotificationPreference[]>("/v1/notification-preferences", { preferences: [{ kind, mail }] }),
  };
}

export const notificationsClient = createNotificationsClient();
