import type { Attachment } from "@flipside/contracts/discussion";
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  MAX_IMAGES_PER_CONTRIBUTION,
  MAX_VIDEOS_PER_CONTRIBUTION,
  VIDEO_CONTENT_TYPES,
  VIDEO_MAX_BYTES,
} from "@flipside/contracts/discussion-constants";
import { ApiError, isProblem } from "../../lib/api.ts";

export type MediaKind = "IMAGE" | "VIDEO";

/** The upload's answer names a stored file (the rest of the shape is the API's to keep, decision 013). */
function isAttachment(body: unknown): body is Attachment {
  if (typeof body !== "object" || body === null) return false;
  const { id, type, url } = body as Record<string, unknown>;
  return typeof id === "string" && (type === "IMAGE" || type === "VIDEO") && typeof url === "string";
}

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

/**
 * Posts the file as the multipart field `file` with XMLHttpRequest, the one browser API that
 * reports upload progress. `onProgress` gets 0..1.
 */
export function uploadFile(
  /** A path on our own server (the API gives one), so the post is same-origin with the session cookie. */
  uploadUrl: string,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", uploadUrl);
    xhr.setRequestHeader("accept", "application/json, application/problem+json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        if (!isAttachment(body)) {
          reject(
            new ApiError({
              type: "about:blank",
              title: "Unexpected answer",
              status: xhr.status,
              code: "unexpected_answer",
              detail: "The upload finished but its answer was not understood. Reload the page and try again.",
            }),
          );
          return;
        }
        onProgress(1);
        resolve(body);
        return;
      }
      reject(
        new ApiError(
          isProblem(body)
            ? { ...body, status: xhr.status }
            : {
                type: "about:blank",
                title: xhr.statusText || "Upload failed",
                status: xhr.status,
                detail: "The upload failed.",
              },
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError({
          type: "about:blank",
          title: "Network error",
          status: 0,
          detail: "The upload failed.",
        }),
      );
    xhr.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}
