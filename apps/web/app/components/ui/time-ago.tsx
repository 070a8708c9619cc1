import { formatAbsolute, formatFull, formatRelative, useHydrated } from "../../lib/relative-time.ts";

/** A date that reads "3 minutes ago" in the browser; the server (and hydration) show the date itself. */
export function TimeAgo({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={formatFull(iso)} className={className}>
      {hydrated ? formatRelative(iso, Date.now()) : formatAbsolute(iso)}
    </time>
  );
}
