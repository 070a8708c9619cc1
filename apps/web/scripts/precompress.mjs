// Writes .br and .gz beside every compressible file of the client build, once, at the
// highest levels: @fastify/static (preCompressed) then serves them to browsers that accept
// them, so no asset is ever compressed per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const root = new URL("../build/client/", import.meta.url).pathname;
const compressible = /\.(js|mjs|css|svg|json|txt|html|xml|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

let files = 0;
let before = 0;
let after = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  const data = await readFile(path);
  if (data.length < 1024) continue; // headers would outweigh the saving
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  files++;
  before += data.length;
  after += br.length;
}
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
