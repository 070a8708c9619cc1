/**
 * `npm run build:extension`: the extension for Chromium and Firefox, each as an unpacked folder
 * (`.output/chrome-mv3`, `.output/firefox-mv3`, to load unpacked) and a zip to upload to its store
 * (`.output/flipside-<version>-<browser>.zip`), then `web-ext lint` on the Firefox build, which
 * fails the build on any error or warning.
 *
 * FLIPSIDE_ORIGIN names the Flipside server the build talks to (default http://localhost:3000);
 * FLIPSIDE_EXTENSION_OUT_DIR another folder for it all.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { zip } from "wxt";

const root = fileURLToPath(new URL("..", import.meta.url));
// A release build whatever the shell says (a test runner sets NODE_ENV=test: React's development build).
process.env.NODE_ENV = "production";
if (process.env.FLIPSIDE_ORIGIN) process.env.WXT_FLIPSIDE_ORIGIN = process.env.FLIPSIDE_ORIGIN;
/** wxt.config.ts writes here too. */
const outDir = resolve(root, process.env.FLIPSIDE_EXTENSION_OUT_DIR || ".output");

const zips = [];
for (const browser of ["chrome", "firefox"]) {
  zips.push(...(await zip({ root, browser, mode: "production" })));
}

// `web-ext lint` must find nothing, but for React DOM's two `innerHTML` assignments (its
// dangerouslySetInnerHTML path: biome's recommended rules keep that prop out of this code), which
// the build keeps in a chunk of their own so nothing else can hide behind them.
const lint = spawnSync(
  "npx",
  [
    "web-ext",
    "lint",
    "--source-dir",
    join(outDir, "firefox-mv3"),
    "--output",
    "json",
    "--no-config-discovery",
  ],
  { cwd: root, encoding: "utf8" },
);
let report;
try {
  report = JSON.parse(lint.stdout);
} catch {
  console.error(lint.stdout, lint.stderr);
  process.exit(1);
}
const reactDom = (message) =>
  message.code === "UNSAFE_VAR_ASSIGNMENT" && /^chunks\/react-dom-[\w-]+\.js$/.test(message.file ?? "");
const found = ["errors", "warnings", "notices"].flatMap((kind) =>
  report[kind].map((message) => ({ ...message, kind: kind.slice(0, -1) })),
);
const problems = found.filter((message) => !reactDom(message));
for (const message of found) {
  const known = reactDom(message) ? " (React DOM, allowed)" : "";
  console.log(
    `web-ext lint: ${message.kind} ${message.code} ${message.file ?? ""}:${message.line ?? ""} ${message.message}${known}`,
  );
}
if (problems.length > 0) {
  console.error("web-ext lint found problems in the Firefox build.");
  process.exit(1);
}
console.log(`Built ${zips.map((file) => file.replace(root, "apps/extension/")).join(", ")}`);
