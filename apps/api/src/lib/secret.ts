import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.ts";

/**
 * The JWT signing secret: JWT_SECRET when set, otherwise one generated on first start and
 * kept in DATA_DIR so sessions survive a restart of the embedded setup.
 */
export function resolveJwtSecret(config: Config): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  const path = join(config.DATA_DIR, "jwt-secret");
  let secret: string;
  try {
    secret = readFileSync(path, "utf8").trim();
  } catch {
    mkdirSync(config.DATA_DIR, { recursive: true });
    secret = randomBytes(48).toString("base64url");
    writeFileSync(path, secret, { mode: 0o600 });
  }
  return new TextEncoder().encode(secret);
}
