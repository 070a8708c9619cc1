import {
  MAIL_CHOICE_LABELS,
  MAIL_CHOICES,
  type MailChoice,
  NOTIFICATION_MESSAGES,
} from "@flipside/contracts/notification-constants";
import type { NotificationPreference } from "@flipside/contracts/notifications";
import { useState } from "react";
import { inputVariants } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { notificationsClient } from "./notifications-client.ts";

const isMailChoice = (value: string): value is MailChoice => MAIL_CHOICES.some((c) => c === value);

/**
 * Mail per kind of notification: at once, in the daily digest, or never. Each choice is saved as
 * it is made (and put back if saving fails); every mail also carries a one-click unsubscribe.
 */
export function MailPreferences({ initial }: { initial: NotificationPreference[] }) {
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<string | null>(null);

  async function choose(preference: NotificationPreference, mail: MailChoice) {
    const before = preferences;
    setPreferences((shown) => shown.map((p) => (p.kind === preference.kind ? { ...p, mail } : p)));
    setSaving(preference.kind);
    try {
      setPreferences(await notificationsClient.savePreference(preference.kind, mail));
      notify.success(NOTIFICATION_MESSAGES.preferencesSaved);
    } catch {
      setPreferences(before);
      notify.error("Could not save your mail preference. Try again.");
    } finally {
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby="mail-heading" className="flex flex-col gap-3" data-testid="mail-preferences">
      <div>
        <h2 id="mail-heading" className="font-semibold text-lg">
          Mail
        </h2>
        <p className="text-muted-foreground text-sm">
          What Flipside mails you, and when: at once, in one mail a day, or never. The inbox above always
          lists everything, and every mail has a link that stops its kind with one click.
        </p>
      </div>
      <ul className="flex flex-col divide-y rounded-xl border bg-card">
        {preferences.map((p) => (
          <li
            key={p.kind}
            className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-4"
            data-testid="mail-preference"
            data-kind={p.kind}
          >
            <label htmlFor={`mail-${p.kind}`} className="text-sm">
              {p.label}
            </label>
            <select
              id={`mail-${p.kind}`}
              className={cn(inputVariants(), "pr-8 sm:w-56")}
              value={p.mail}
              disabled={saving === p.kind}
              aria-busy={saving === p.kind || undefined}
              onChange={(e) => {
                const mail = e.target.value;
                if (isMailChoice(mail)) void choose(p, mail);
              }}
              data-testid="mail-choice"
            >
              {MAIL_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {MAIL_CHOICE_LABELS[choice]}
                  {choice === p.default ? " (default)" : ""}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </section>
  );
}
