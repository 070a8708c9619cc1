import type { ColorModePreference } from "@flipside/contracts/enums";
import { useEffect, useRef, useState } from "react";
import { COLOR_MODE_OPTIONS, useChangeColorMode } from "../../components/shell/color-mode-switch.tsx";
import { useColorMode } from "../../lib/client-state.tsx";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { accountApi } from "./account-api.ts";

const DESCRIPTIONS: Record<ColorModePreference, string> = {
  system: "Follows your device",
  light: "Always light",
  dark: "Always dark",
};

/**
 * System / light / dark as three radio cards. The choice shows at once (this browser keeps it
 * under `nuxt-color-mode`, read before the first paint) and is kept on the account too, so it
 * follows you to the next browser you sign in on.
 */
export function ColorModeSetting() {
  const { preference } = useColorMode();
  const change = useChangeColorMode();
  const [saving, setSaving] = useState(false);
  // Leaving the page cuts its requests short, after the account may well have kept the choice:
  // that is no failure to undo (it reverted a choice made just before following a link).
  const leaving = useRef(false);
  useEffect(() => {
    const onLeave = () => {
      leaving.current = true;
    };
    const onShow = () => {
      leaving.current = false;
    };
    window.addEventListener("beforeunload", onLeave);
    window.addEventListener("pageshow", onShow);
    return () => {
      window.removeEventListener("beforeunload", onLeave);
      window.removeEventListener("pageshow", onShow);
    };
  }, []);

  async function choose(next: ColorModePreference) {
    if (next === preference || saving) return;
    const previous = preference;
    change(next);
    setSaving(true);
    try {
      await accountApi.updateAccount({ colorMode: next });
    } catch {
      if (leaving.current) return;
      change(previous);
      notify.error("Could not save your colour mode. Try again.");
    } finally {
      setSaving(false);
    }
  }

  return (
    <fieldset data-testid="settings-color-mode" aria-busy={saving || undefined}>
      <legend className="sr-only">Colour mode</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {COLOR_MODE_OPTIONS.map(({ value, label, icon: Icon }) => {
          const checked = preference === value;
          return (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40",
                checked ? "border-primary bg-primary/5" : "hover:bg-accent",
              )}
            >
              <input
                type="radio"
                name="color-mode"
                value={value}
                checked={checked}
                onChange={() => void choose(value)}
                className="sr-only"
                data-testid={`settings-color-mode-${value}`}
              />
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="flex flex-col">
                <span className="font-medium text-sm">{label}</span>
                <span className="text-muted-foreground text-xs">{DESCRIPTIONS[value]}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
