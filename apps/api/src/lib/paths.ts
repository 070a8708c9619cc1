import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findApiRoot(): string {
  // The same code runs from src/ (tests, tsx) and from the dist/ bundle, so look upwards.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, "utf8")).name === "@flipside/api") return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Cannot find the @flipside/api package root");
    dir = parent;
  }
}

export const API_ROOT = findApiRoot();
export const REPO_ROOT = join(API_ROOT, "..", "..");
export const MIGRATIONS_DIR = join(API_ROOT, "drizzle");
export const WEB_ROOT = join(REPO_ROOT, "apps", "web");
export const WEB_BUILD_DIR = join(WEB_ROOT, "build");
export const CONTENT_DIR = join(REPO_ROOT, "content");
