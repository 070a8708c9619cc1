import { randomBytes } from "node:crypto";

/** A multipart/form-data body with one file, as a browser's form upload sends it. */
export function multipart(data: Buffer, filename: string, contentType: string, field = "file") {
  const boundary = `----flipside${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
