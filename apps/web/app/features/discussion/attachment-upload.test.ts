import { describe, expect, it } from "vitest";
import { attachmentRefusal, fileRefusal } from "./attachment-upload.ts";

const image = { type: "IMAGE" as const };
const video = { type: "VIDEO" as const };

describe("attachmentRefusal (up to 4 images or 1 video)", () => {
  it("allows up to four images", () => {
    expect(attachmentRefusal([], "IMAGE")).toBeNull();
    expect(attachmentRefusal([image, image, image], "IMAGE")).toBeNull();
    expect(attachmentRefusal([image, image, image, image], "IMAGE")).toBe("Up to 4 images per comment.");
  });
  it("allows one video and nothing with it", () => {
    expect(attachmentRefusal([], "VIDEO")).toBeNull();
    expect(attachmentRefusal([video], "VIDEO")).toBe("Only one video per comment.");
    expect(attachmentRefusal([video], "IMAGE")).toMatch(/video cannot also have images/);
    expect(attachmentRefusal([image], "VIDEO")).toMatch(/images cannot also have a video/);
  });
});

describe("fileRefusal", () => {
  it("accepts the image and video types of docs/discussion.md#attachments", () => {
    expect(fileRefusal({ size: 1000, type: "image/png" }, "IMAGE")).toBeNull();
    expect(fileRefusal({ size: 1000, type: "video/webm" }, "VIDEO")).toBeNull();
  });
  it("refuses other types and files over the size cap", () => {
    expect(fileRefusal({ size: 1000, type: "image/svg+xml" }, "IMAGE")).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(fileRefusal({ size: 1000, type: "video/quicktime" }, "VIDEO")).toMatch(/MP4 or WebM/);
    expect(fileRefusal({ size: 11 * 1024 * 1024, type: "image/jpeg" }, "IMAGE")).toMatch(/larger than 10 MB/);
    expect(fileRefusal({ size: 101 * 1024 * 1024, type: "video/mp4" }, "VIDEO")).toMatch(
      /larger than 100 MB/,
    );
  });
});
