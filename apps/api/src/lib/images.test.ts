import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import { reencodeImage, sniffImage } from "./images.ts";

const solid = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#3366ff" } });

const statusOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 200;
  } catch (e) {
    return e instanceof AppError ? e.status : 500;
  }
};

describe("reencodeImage", () => {
  it("sniffs the type by content", async () => {
    expect(await sniffImage(await solid(4, 4).png().toBuffer())).toBe("png");
    expect(await sniffImage(await solid(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(await sniffImage(Buffer.from("<html>"))).toBeNull();
  });

  it("resizes (cover) and converts", async () => {
    const out = await reencodeImage(await solid(800, 500).png().toBuffer(), {
      allowed: ["png"],
      maxBytes: 1_000_000,
      resize: { width: 128, height: 128, fit: "cover" },
    });
    expect(out).toMatchObject({
      kind: "webp",
      contentType: "image/webp",
      extension: "webp",
      width: 128,
      height: 128,
    });
    expect((await sharp(out.buffer).metadata()).format).toBe("webp");
  });

  it("fits inside without enlarging and can keep the kind", async () => {
    const out = await reencodeImage(await solid(100, 50).jpeg().toBuffer(), {
      allowed: ["jpeg"],
      maxBytes: 1_000_000,
      resize: { width: 1000, height: 1000 },
      output: "same",
    });
    expect(out).toMatchObject({ kind: "jpeg", extension: "jpg", width: 100, height: 50 });
  });

  it("strips EXIF and applies its orientation first", async () => {
    // 200x100 pixels with orientation 6 (rotate 90°): displayed as 100x200.
    const input = await solid(200, 100)
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-owner" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await reencodeImage(input, { allowed: ["jpeg"], maxBytes: 1_000_000, output: "jpeg" });
    const meta = await sharp(out.buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([100, 200]);
  });

  it("refuses kinds not allowed (415), too large inputs (413) and broken files (400)", async () => {
    const gif = await solid(4, 4).gif().toBuffer();
    expect(await statusOf(reencodeImage(gif, { allowed: ["png", "jpeg"], maxBytes: 1e6 }))).toBe(415);
    expect(await statusOf(reencodeImage(Buffer.from("just text"), { allowed: ["png"], maxBytes: 1e6 }))).toBe(
      415,
    );
    const png = await solid(50, 50).png().toBuffer();
    expect(await statusOf(reencodeImage(png, { allowed: ["png"], maxBytes: 10 }))).toBe(413);
    expect(await statusOf(reencodeImage(png.subarray(0, 40), { allowed: ["png"], maxBytes: 1e6 }))).toBe(400);
  });

  it("refuses decompression bombs by pixel count", async () => {
    const big = await solid(3000, 3000).png().toBuffer();
    expect(
      await statusOf(reencodeImage(big, { allowed: ["png"], maxBytes: 1e7, maxPixels: 1_000_000 })),
    ).toBe(400);
  });

  it("keeps animation when asked (GIF to animated WebP)", async () => {
    const frames = await sharp({
      create: { width: 8, height: 16, channels: 4, background: "#ff000080" },
    })
      .gif()
      .toBuffer();
    const out = await reencodeImage(frames, { allowed: ["gif"], maxBytes: 1e6, animated: true });
    expect(out.kind).toBe("webp");
  });
});
