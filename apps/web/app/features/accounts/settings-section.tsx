import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * One part of the settings page: a card with an h2 and a line saying what it is for. Its id is
 * an anchor (`/profile/settings#password`), so a mail or another page can point at it.
 */
export function SettingsSection({
  id,
  title,
  description,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-testid={`settings-${id}`}
      className={cn(
        "scroll-mt-24 rounded-xl border bg-card p-5 text-card-foreground shadow-xs sm:p-6",
        tone === "danger" && "border-destructive/40",
      )}
    >
      <div className="mb-5 flex flex-col gap-1">
        <h2 id={headingId} className="font-semibold text-lg leading-snug">
          {title}
        </h2>
        <p className="text-pretty text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </section>
  );
}
