import { Button } from "./button.tsx";

/** "Show more (12 more)" under a list that has more than it shows; nothing once all is shown. */
export function ShowMore({
  shown,
  total,
  loading,
  onMore,
  testId,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onMore(): void;
  testId: string;
}) {
  if (shown >= total) return null;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="self-start"
      onClick={onMore}
      disabled={loading}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {loading ? "Loading…" : `Show more (${total - shown} more)`}
    </Button>
  );
}
