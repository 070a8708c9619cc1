import { cn } from "../../lib/cn.ts";

/** What a creative shows: as on a discussion page, with its "Ad" label (ADS.md §1.3, §1.13). */
export function CreativePreview({
  creative,
  className,
}: {
  creative: {
    headline: string;
    body: string;
    displayDomain: string;
    image: { url: string; width: number; height: number } | null;
  };
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col gap-2 overflow-hidden rounded-lg border bg-card p-3 text-card-foreground",
        className,
      )}
      data-testid="creative-preview"
    >
      <div className="flex items-center gap-2 text-muted-foreground text-xs">
        <span className="rounded border px-1.5 py-0.5 font-semibold text-foreground">Ad</span>
        <span className="truncate">{creative.displayDomain}</span>
      </div>
      {creative.image ? (
        <img
          src={creative.image.url}
          width={creative.image.width}
          height={creative.image.height}
          alt=""
          className="aspect-[1.91/1] w-full rounded-md object-cover"
          loading="lazy"
        />
      ) : null}
      <p className="font-semibold leading-snug">{creative.headline}</p>
      {creative.body ? <p className="text-muted-foreground text-sm">{creative.body}</p> : null}
    </div>
  );
}
