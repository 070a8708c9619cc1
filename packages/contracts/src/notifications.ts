import { z } from "zod";
import { ContributionType, ProfileRef, SitePageRef } from "./discussion.ts";
import { MAIL_CHOICES, NOTIFICATION_KINDS } from "./notification-constants.ts";

export const NotificationKind = z.enum(NOTIFICATION_KINDS).meta({ id: "NotificationKind" });
export const MailChoice = z.enum(MAIL_CHOICES).meta({ id: "MailChoice" });

/** One notification as the inbox shows it: its sentence is written by the API (the mails say the same). */
export const Notification = z
  .object({
    id: z.uuid(),
    kind: NotificationKind,
    /** What happened, in one sentence ("Bob replied to your comment on “A page”"). */
    message: z.string(),
    /** The latest person behind it, and how many people and things it groups. */
    actor: ProfileRef.nullable(),
    actorCount: z.number().int(),
    itemCount: z.number().int(),
    page: SitePageRef.nullable(),
    /** The contribution to open (the reply, the mention, the voted comment), its kind and a few words of it. */
    contributionId: z.uuid().nullable(),
    contributionType: ContributionType.nullable(),
    excerpt: z.string().nullable(),
    /** Where it leads in the web app: the page view on that contribution, or a profile page. */
    link: z.string(),
    read: z.boolean(),
    createdDate: z.iso.datetime(),
    updatedDate: z.iso.datetime(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof Notification>;

export const UnreadCount = z.object({ count: z.number().int() }).meta({ id: "UnreadCount" });

/** Mail for one kind of notification: at once, in the daily digest, or never. */
export const NotificationPreference = z
  .object({ kind: NotificationKind, label: z.string(), mail: MailChoice, default: MailChoice })
  .meta({ id: "NotificationPreference" });
export type NotificationPreference = z.infer<typeof NotificationPreference>;

export const NotificationPreferencesUpdate = z
  .strictObject({
    preferences: z
      .array(z.strictObject({ kind: NotificationKind, mail: MailChoice }))
      .min(1)
      .max(NOTIFICATION_KINDS.length),
  })
  .meta({ id: "NotificationPreferencesUpdate" });

export const MarkAllRead = z
  .strictObject({
    /** Only what the person saw: notifications updated up to then stay read; later ones do not. */
    before: z.iso.datetime().optional(),
  })
  .meta({ id: "MarkAllRead" });
