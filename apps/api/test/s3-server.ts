import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** s3rver's fixed credentials: it checks request signatures against them. */
export const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects, to look behind the API's back. */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on a free local port, with one empty bucket. */
export async function startS3Server(bucket = "flipside"): Promise<S3Server> {
  const directory = await mkdtemp(join(tmpdir(), "flipside-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
