import type { Attachment } from "@flipside/contracts/discussion";
import { cn } from "../../lib/cn.ts";

/** The images (thumbnails linking to the full file) or the video of a comment. */
export function ContributionMedia({
  attachments,
  className,
}: {
  attachments: Attachment[];
  className?: string;
}) {
  if (attachments.length === 0) return null;
  const videos = attachments.filter((a) => a.type === "VIDEO");
  const images = attachments.filter((a) => a.type === "IMAGE");
  return (
    <div className={cn("flex flex-col gap-2", className)} data-testid="contribution-media">
      {videos.map((video) => (
        // biome-ignore lint/a11y/useMediaCaption: user videos come without captions; the player is still keyboard usable.
        <video
          key={video.id}
          src={video.url}
          controls
          preload="metadata"
          className="max-h-96 w-full max-w-xl rounded-lg border bg-black"
        />
      ))}
      {images.length > 0 ? (
        <ul className={cn("grid max-w-xl gap-2", images.length === 1 ? "grid-cols-1" : "grid-cols-2")}>
          {images.map((image, index) => (
            <li key={image.id}>
              <a href={image.url} target="_blank" rel="noopener noreferrer" className="block">
                <img
                  src={image.thumbnailUrl ?? image.url}
                  alt={`Attachment ${index + 1} of ${images.length}`}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  loading="lazy"
                  // Its own width (the attributes), at most the column's: a small picture is never
                  // stretched and blurred (issue 19).
                  className="h-auto max-h-72 max-w-full rounded-lg border object-contain"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
