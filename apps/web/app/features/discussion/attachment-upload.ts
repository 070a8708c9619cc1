import {
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  MAX_IMAGES_PER_CONTRIBUTION,
  MAX_VIDEOS_PER_CONTRIBUTION,
  VIDEO_CONTENT_TYPES,
  VIDEO_MAX_BYTES,
} from "@flipside/contracts/discussion-constants";

export type MediaKind = "IMAGE" | "VIDEO";

export const IMAGE_ACCEPT = IMAGE_CONTENT_TYPES.join(",");
export const VIDEO_ACCEPT = VIDEO_CONTENT_TYPES.join(",");

/**
 * docs/discussion.md#comments-and-replies: a comment carries up to 4 images or 1 video, never both. Returns why the
 * next file of `kind` cannot be added, or null when it can.
 */
export function attachmentRefusal(existing: readonly { type: MediaKind }[], kind: MediaKind): string | null {
  const images = existing.filter((a) => a.type === "IMAGE").length;
  const videos = existing.filter((a) => a.type === "VIDEO").length;
  if (kind === "IMAGE") {
    if (videos > 0) return "A comment with a video cannot also have images.";
    if (images >= MAX_IMAGES_PER_CONTRIBUTION)
      return `Up to ${MAX_IMAGES_PER_CONTRIBUTION} images per comment.`;
    return null;
  }
  if (images > 0) return "A comment with images cannot also have a video.";
  if (videos >= MAX_VIDEOS_PER_CONTRIBUTION) return "Only one video per comment.";
  return null;
}

/** A quick check before uploading; the server checks the content again (it is the authority). */
export function fileRefusal(file: { size: number; type: string }, kind: MediaKind): string | null {
  const types: readonly string[] = kind === "IMAGE" ? IMAGE_CONTENT_TYPES : VIDEO_CONTENT_TYPES;
  if (file.type && !types.includes(file.type)) {
    return kind === "IMAGE" ? "Choose a JPEG, PNG, WebP or GIF image." : "Choose an MP4 or WebM video.";
  }
  const max = kind === "IMAGE" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES;
  if (file.size > max) return `The file is larger than ${Math.round(max / (1024 * 1024))} MB.`;
  return null;
}
