import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchLatestBuildId, startVersionPolling } from "./build-version.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("fetchLatestBuildId", () => {
  it("reads the id of builds/latest.json without caching", async () => {
    const fetchImpl = vi.fn(async () => json({ id: "b2", builtAt: "2026-01-01T00:00:00Z" }));
    await expect(fetchLatestBuildId(fetchImpl)).resolves.toBe("b2");
    expect(fetchImpl).toHaveBeenCalledWith(
      "/builds/latest.json",
      expect.objectContaining({ cache: "no-store" }),
    );
  });

  it("ignores failures: error status, bad JSON, missing id, network errors", async () => {
    await expect(fetchLatestBuildId(async () => json({ id: "x" }, 503))).resolves.toBeNull();
    await expect(fetchLatestBuildId(async () => new Response("<html>"))).resolves.toBeNull();
    await expect(fetchLatestBuildId(async () => json({ builtAt: "now" }))).resolves.toBeNull();
    await expect(
      fetchLatestBuildId(async () => {
        throw new TypeError("offline");
      }),
    ).resolves.toBeNull();
  });
});

describe("startVersionPolling", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("polls every interval and reports a different id once", async () => {
    const answers = ["a", null, "a", "b", "c"];
    const fetchLatest = vi.fn(async () => answers.shift() ?? null);
    const onNewVersion = vi.fn();
    startVersionPolling({ currentId: "a", onNewVersion, intervalMs: 60_000, fetchLatest });

    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3 * 60_000 + 1);
    expect(fetchLatest).toHaveBeenCalledTimes(4);
    expect(onNewVersion).toHaveBeenCalledExactlyOnceWith("b");
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetchLatest).toHaveBeenCalledTimes(4);
  });

  it("stops when asked", async () => {
    const fetchLatest = vi.fn(async () => "new");
    const onNewVersion = vi.fn();
    const stop = startVersionPolling({ currentId: "old", onNewVersion, intervalMs: 1000, fetchLatest });
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchLatest).not.toHaveBeenCalled();
    expect(onNewVersion).not.toHaveBeenCalled();
  });
});
