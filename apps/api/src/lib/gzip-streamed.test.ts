import { PassThrough } from "node:stream";
import { createGunzip } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipStreamed } from "./gzip-streamed.ts";

describe("gzipStreamed", () => {
  it("lets each burst through before the render has ended, and ends whole", async () => {
    const source = new PassThrough();
    const out = gzipStreamed(source).pipe(createGunzip());
    let received = "";
    out.on("data", (chunk: Buffer) => {
      received += chunk.toString();
    });
    const arrived = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!received.includes(text)) return;
          out.off("data", check);
          resolve();
        };
        out.on("data", check);
      });

    // The shell of a page, then a Suspense boundary that resolves later: the shell must be
    // readable by the browser while the source is still open.
    const shell = arrived("<main>shell</main>");
    source.write("<html><body>");
    source.write("<main>shell</main>");
    await shell;
    expect(source.writableEnded).toBe(false);

    const ended = new Promise((resolve) => out.on("end", resolve));
    source.end("<template>late</template></body></html>");
    await ended;
    expect(received).toBe("<html><body><main>shell</main><template>late</template></body></html>");
  });

  it("ends the compressed stream with an error when the render fails", async () => {
    const source = new PassThrough();
    const gz = gzipStreamed(source);
    const failed = new Promise((resolve) => gz.on("error", resolve));
    source.destroy(new Error("render failed"));
    expect(await failed).toBeInstanceOf(Error);
  });
});
