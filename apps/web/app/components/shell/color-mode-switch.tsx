import type { ColorModePreference } from "@flipside/contracts/enums";
import { useColorMode } from "../../lib/client-state.tsx";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { Monitor, Moon, Sun } from "../ui/icons.tsx";

export const COLOR_MODE_OPTIONS: readonly { value: ColorModePreference; label: string; icon: typeof Sun }[] =
  [
    { value: "system", label: "System", icon: Monitor },
    { value: "light", label: "Light", icon: Sun },
    { value: "dark", label: "Dark", icon: Moon },
  ];

const CHANGE_MESSAGES: Record<ColorModePreference, string> = {
  system: "Colour mode follows your system",
  light: "Light mode on",
  dark: "Dark mode on",
};

/** Stores the preference and says what happened (a page that forces a mode keeps it). */
export function useChangeColorMode() {
  const { setPreference, forced } = useColorMode();
  return (preference: ColorModePreference) => {
    setPreference(preference);
    const message = CHANGE_MESSAGES[preference];
    notify.info(forced ? `${message} (this page always uses ${forced} mode)` : message);
  };
}

/** A three-way switch (system / light / dark) for the footer and the mobile menu. */
export function ColorModeSwitch({ className }: { className?: string }) {
  const { preference } = useColorMode();
  const change = useChangeColorMode();
  return (
    <fieldset
      className={cn("inline-flex items-center gap-0.5 rounded-lg border bg-background p-0.5", className)}
      data-testid="color-mode-switch"
    >
      <legend className="sr-only">Colour mode</legend>
      {COLOR_MODE_OPTIONS.map(({ value, label, icon: Icon }) => {
        const active = preference === value;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={active}
            title={label}
            data-testid={`color-mode-${value}`}
            onClick={() => {
              if (!active) change(value);
            }}
            className={cn(
              "inline-flex size-7 cursor-pointer items-center justify-center rounded-md transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
              active ? "bg-accent text-foreground shadow-xs" : "text-muted-foreground",
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            <span className="sr-only">{label}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
