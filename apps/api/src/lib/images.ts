import { fileTypeFromBuffer } from "file-type";
import { AppError } from "./errors.ts";

export type ImageKind = "jpeg" | "png" | "webp" | "gif" | "avif";

const MIME: Record<ImageKind, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};
const KIND_OF_MIME = new Map(Object.entries(MIME).map(([k, v]) => [v, k as ImageKind]));

export interface ReencodeOptions {
  /** The kinds accepted, recognised by content (magic bytes), never by name or declared type. */
  allowed: readonly ImageKind[];
  /** Larger inputs are refused with 413. */
  maxBytes: number;
  /** Resize to fit inside this box (never enlarging), or to cover it exactly (avatars). */
  resize?: { width: number; height: number; fit?: "cover" | "inside" };
  /** Output kind; "same" keeps the input's kind. Default webp. */
  output?: ImageKind | "same";
  quality?: number;
  /** Keep the frames of animated GIF/WebP (output must be gif or webp). */
  animated?: boolean;
  /** Refuse images with more pixels than this (decompression bombs). Default 40 MP. */
  maxPixels?: number;
  /** The request field named in the error (`base64`, `file`…). */
  field?: string;
}

export interface ReencodedImage {
  buffer: Buffer;
  kind: ImageKind;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

export function unsupportedImage(field: string, allowed: readonly ImageKind[]) {
  const names = allowed.map((k) => (k === "jpeg" ? "JPEG" : k === "webp" ? "WebP" : k.toUpperCase()));
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : (names[0] ?? "");
  const message = `The image must be a ${list} file`;
  return new AppError("unsupported_media_type", message, [{ field, message }]);
}

export function imageTooLarge(field: string, maxBytes: number) {
  const message = `The image must be ${Math.floor(maxBytes / (1024 * 1024))} MB or smaller`;
  return new AppError("payload_too_large", message, [{ field, message }]);
}

/** The kind of image the bytes really are, or null (by content, not by what the client said). */
export async function sniffImage(buffer: Uint8Array): Promise<ImageKind | null> {
  const type = await fileTypeFromBuffer(buffer);
  return (type && KIND_OF_MIME.get(type.mime)) ?? null;
}

/**
 * Decodes an untrusted upload and encodes a fresh image from its pixels: whatever else the
 * file carried (EXIF with GPS, ICC tricks, trailing data, polyglot payloads) is left behind.
 * The EXIF orientation is applied first so the picture still stands the right way up.
 */
export async function reencodeImage(input: Buffer, opts: ReencodeOptions): Promise<ReencodedImage> {
  const field = opts.field ?? "file";
  if (input.byteLength > opts.maxBytes) throw imageTooLarge(field, opts.maxBytes);
  const kind = await sniffImage(input);
  if (!kind || !opts.allowed.includes(kind)) throw unsupportedImage(field, opts.allowed);

  // libvips costs the process some 20 MB from the moment it loads: only once someone uploads.
  const { default: sharp } = await import("sharp");
  const output = opts.output === "same" ? kind : (opts.output ?? "webp");
  const animated = Boolean(opts.animated) && (output === "gif" || output === "webp");
  try {
    let pipeline = sharp(input, {
      animated,
      failOn: "error",
      limitInputPixels: opts.maxPixels ?? 40_000_000,
    }).rotate();
    if (opts.resize) {
      pipeline = pipeline.resize({
        width: opts.resize.width,
        height: opts.resize.height,
        fit: opts.resize.fit ?? "inside",
        position: "attention",
        // A cover box must come out exactly that size (a square avatar stays square however
        // small the upload); anything else is never blown up.
        withoutEnlargement: opts.resize.fit !== "cover",
      });
    }
    const quality = opts.quality ?? 82;
    switch (output) {
      case "jpeg":
        pipeline = pipeline.flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true });
        break;
      case "png":
        pipeline = pipeline.png({ compressionLevel: 9 });
        break;
      case "gif":
        pipeline = pipeline.gif();
        break;
      case "avif":
        pipeline = pipeline.avif({ quality });
        break;
      default:
        pipeline = pipeline.webp({ quality });
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      buffer: data,
      kind: output,
      contentType: MIME[output],
      extension: output === "jpeg" ? "jpg" : output,
      width: info.width,
      height: animated && info.pageHeight ? info.pageHeight : info.height,
    };
  } catch (cause) {
    // Truncated or hostile files that look like images by their first bytes end here.
    throw new AppError(
      "invalid_image",
      "The image could not be read.",
      [{ field, message: "The image could not be read" }],
      { cause },
    );
  }
}
