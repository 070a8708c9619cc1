// `npm start`: build once if the build is missing or older than the sources, then serve.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;

// decision 010: `npm ci` installs the runtime (the `node` dependency) and npm scripts run on it.
// Started another way, an older system Node would run until some dependency trips over it.
const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.error(
    `Flipside needs Node.js 22 or newer; this is ${process.version}. Start it with \`npm start\` after \`npm ci\`, which runs the Node 24 that npm installed into node_modules.`,
  );
  process.exit(1);
}
const outputs = ["apps/api/dist/server.js", "apps/web/build/server/index.js"].map((p) => join(root, p));
const sources = ["apps/api/src", "apps/web/app", "packages/contracts/src", "content"].map((p) =>
  join(root, p),
);

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

const built = outputs.every(existsSync) && Math.min(...outputs.map((p) => statSync(p).mtimeMs));
const stale = !built || sources.some((dir) => existsSync(dir) && newest(dir) > built);
if (stale || process.env.FLIPSIDE_REBUILD === "1") {
  console.log("Building Flipside (first start or sources changed)…");
  const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import(join(root, "apps/api/dist/server.js"));
