import { useId, useState } from "react";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";

/**
 * "Use my reading on Flipside to personalise ads" (ADS.md §1.6): off until the person turns it on.
 * Off again takes them out of every advertiser's audience at once.
 */
export function PersonalisedAdsSetting({ initial }: { initial: boolean }) {
  const id = useId();
  const [on, setOn] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function change(next: boolean) {
    setOn(next);
    setSaving(true);
    try {
      const saved = await accountApi.updateAccount({ personalisedAds: next });
      setOn(saved.personalisedAds);
      notify.success(next ? "Personalised ads turned on" : "Personalised ads turned off");
    } catch (error) {
      setOn(!next);
      notify.error(isApiError(error) ? error.message : "The setting was not saved. Try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="flex items-start gap-3 text-sm">
        <input
          id={id}
          type="checkbox"
          checked={on}
          disabled={saving}
          onChange={(e) => void change(e.target.checked)}
          className="mt-0.5 size-4 accent-primary"
          data-testid="personalised-ads"
        />
        <span>Use my reading on Flipside to personalise ads</span>
      </label>
      <p className="text-muted-foreground text-sm">
        When on, advertisers can show you ads because you read or wrote on pages they chose. Flipside never
        tells them who you are. Off, you see the ads everyone sees on a page, and you leave every audience at
        once.
      </p>
    </div>
  );
}
