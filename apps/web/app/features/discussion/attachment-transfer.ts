import type { Attachment } from "@flipside/contracts/discussion";
import { ApiError, isProblem } from "../../lib/api.ts";

// Loaded when a file is attached (comment-composer.tsx): a page view's first load does not carry it.

/** The upload's answer names a stored file (the rest of the shape is the API's to keep, decision 013). */
function isAttachment(body: unknown): body is Attachment {
  if (typeof body !== "object" || body === null) return false;
  const { id, type, url } = body as Record<string, unknown>;
  return typeof id === "string" && (type === "IMAGE" || type === "VIDEO") && typeof url === "string";
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
