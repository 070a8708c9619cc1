// `node --import tsx bench/serve.ts`: the bench's seeded data and production server, left running
// for profiling by hand (prints the address, a rotation page and a reader's token; Ctrl-C stops it
// and drops the data).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedBench } from "./seed.ts";
import { startBenchServer } from "./server.ts";

const databaseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), "flipside-serve-"));
const seeded = await seedBench({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
const server = await startBenchServer(seeded, dataDir, databaseUrl);
console.log(JSON.stringify({ base: server.base, page: seeded.rotation[0], token: server.tokens[0] }));
const stop = async () => {
  await server.stop();
  await seeded.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
