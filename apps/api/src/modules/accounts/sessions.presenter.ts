import type { AccountSession } from "@flipside/contracts/accounts";
import Bowser from "bowser";

export interface SessionRow {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

const DEVICES = new Set(["desktop", "mobile", "tablet"]);

/** A device as people name it ("Firefox 133 on Windows"), read from what its browser sent when it signed in. */
export function presentSession(row: SessionRow, currentId: string): AccountSession {
  const parsed = row.userAgent ? Bowser.parse(row.userAgent) : null;
  const major = parsed?.browser.version?.split(".")[0];
  const browser = parsed?.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ""}` : null;
  const osName = parsed?.os.name;
  const os = osName ? `${osName}${parsed?.os.versionName ? ` ${parsed.os.versionName}` : ""}` : null;
  const platform = parsed?.platform.type ?? "";
  return {
    id: row.id,
    browser,
    os,
    device: DEVICES.has(platform) ? (platform as AccountSession["device"]) : "other",
    createdDate: row.createdAt.toISOString(),
    lastSeenDate: row.lastSeenAt.toISOString(),
    expiresDate: row.expiresAt.toISOString(),
    current: row.id === currentId,
  };
}
