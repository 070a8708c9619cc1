import { BUILD_POLL_INTERVAL_MS } from "@flipside/contracts/constants";

/** The id of the build this tab is running, put in by the build (vite.config.ts). */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? "dev";
export const LATEST_BUILD_URL = "/builds/latest.json";

/** The id of the newest deployed build, or null when it cannot be read (failures are ignored). */
export async function fetchLatestBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(LATEST_BUILD_URL, { cache: "no-store", credentials: "omit" });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const id = typeof body === "object" && body !== null ? (body as { id?: unknown }).id : undefined;
    return typeof id === "string" && id !== "" ? id : null;
  } catch {
    return null;
  }
}

export interface VersionPollingOptions {
  currentId: string;
  onNewVersion(latestId: string): void;
  intervalMs?: number;
  fetchLatest?: () => Promise<string | null>;
}

/**
 * Asks for the latest build id every `intervalMs` and calls `onNewVersion` once when it differs
 * from ours. Returns a function that stops polling.
 */
export function startVersionPolling({
  currentId,
  onNewVersion,
  intervalMs = BUILD_POLL_INTERVAL_MS,
  fetchLatest = () => fetchLatestBuildId(),
}: VersionPollingOptions): () => void {
  let stopped = false;
  const timer = setInterval(async () => {
    const latest = await fetchLatest();
    if (stopped || latest === null || latest === currentId) return;
    stopped = true;
    clearInterval(timer);
    onNewVersion(latest);
  }, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
