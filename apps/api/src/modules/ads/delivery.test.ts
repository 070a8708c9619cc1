import { describe, expect, it } from "vitest";
import { type DeliveryFacts, deriveDelivery, localTime } from "./delivery.ts";

const NOW = new Date("2026-11-30T10:30:00Z"); // a Monday, 11:30 in Berlin
const running: DeliveryFacts = {
  now: NOW,
  accountStatus: "ACTIVE",
  timezone: "Europe/Berlin",
  status: "ACTIVE",
  pricingModel: "CPM",
  bidMicros: 2_000_000,
  totalBudgetMicros: 10_000_000,
  dailyBudgetMicros: 5_000_000,
  spentMicros: 0,
  spentDay: null,
  spentDayMicros: 0,
  holdRemainingMicros: 0,
  startAt: new Date("2026-11-01T00:00:00Z"),
  endAt: null,
  weekly: null,
  creatives: ["APPROVED"],
  walletMicros: 5_000_000,
  includedAudienceSizes: [],
  usesGeoFences: false,
  geoConfigured: false,
};
const state = (change: Partial<DeliveryFacts>) => deriveDelivery({ ...running, ...change }).state;

describe("a campaign's delivery (ADS.md §4.3)", () => {
  it("is running when nothing stops it", () => {
    expect(deriveDelivery(running)).toEqual({ state: "RUNNING", label: "Running", detail: null });
  });

  it("names the first thing that stops it, in the table's order", () => {
    // Each row also breaks every later rule: the earlier one must win.
    const everythingWrong: Partial<DeliveryFacts> = {
      accountStatus: "SUSPENDED",
      status: "PAUSED",
      endAt: new Date("2026-11-29T00:00:00Z"),
      spentMicros: 10_000_000,
      startAt: new Date("2026-12-01T00:00:00Z"),
      creatives: [],
    };
    expect(state(everythingWrong)).toBe("ACCOUNT_SUSPENDED");
    expect(state({ ...everythingWrong, accountStatus: "ACTIVE" })).toBe("PAUSED");
    expect(state({ ...everythingWrong, accountStatus: "ACTIVE", status: "ACTIVE" })).toBe("ENDED");
    expect(state({ ...everythingWrong, accountStatus: "ACTIVE", status: "ACTIVE", endAt: null })).toBe(
      "BUDGET_SPENT",
    );
    expect(state({ startAt: new Date("2026-12-01T00:00:00Z"), creatives: [] })).toBe("SCHEDULED");
    expect(state({ creatives: [] })).toBe("NO_APPROVED_ADS");
    expect(state({ creatives: ["REJECTED"] })).toBe("NO_APPROVED_ADS");
    expect(state({ creatives: ["REJECTED", "PENDING_REVIEW"], walletMicros: 0 })).toBe("WAITING_FOR_REVIEW");
    expect(state({ walletMicros: 0, spentDay: "2026-11-30", spentDayMicros: 5_000_000 })).toBe(
      "INSUFFICIENT_FUNDS",
    );
    expect(state({ walletMicros: 0, holdRemainingMicros: 1_000_000 })).toBe("RUNNING");
    expect(state({ spentDay: "2026-11-30", spentDayMicros: 4_999_000, weekly: [] })).toBe(
      "DAILY_BUDGET_REACHED",
    );
    // Yesterday's spend does not count today.
    expect(state({ spentDay: "2026-11-29", spentDayMicros: 5_000_000 })).toBe("RUNNING");
    expect(
      state({ weekly: [{ day: 1, fromMinute: 12 * 60, toMinute: 13 * 60 }], includedAudienceSizes: [5] }),
    ).toBe("OUTSIDE_SCHEDULE");
    expect(state({ weekly: [{ day: 1, fromMinute: 11 * 60, toMinute: 12 * 60 }] })).toBe("RUNNING");
    expect(state({ includedAudienceSizes: [99, 5], usesGeoFences: true })).toBe("AUDIENCE_TOO_SMALL");
    expect(state({ includedAudienceSizes: [99, 100] })).toBe("RUNNING");
    expect(state({ usesGeoFences: true })).toBe("GEO_UNAVAILABLE");
    expect(state({ usesGeoFences: true, geoConfigured: true })).toBe("RUNNING");
  });

  it("spends to the last whole price: a CPC campaign with less than a click left has spent its budget", () => {
    expect(state({ pricingModel: "CPC", bidMicros: 500_000, spentMicros: 9_600_000 })).toBe("BUDGET_SPENT");
    expect(state({ pricingModel: "CPC", bidMicros: 500_000, spentMicros: 9_500_000 })).toBe("RUNNING");
  });

  it("reads days and hours in the account's zone, not the server's", () => {
    // 23:30 UTC on Sunday is already Monday in Tokyo and still Sunday in Los Angeles.
    const at = new Date("2026-11-29T23:30:00Z");
    expect(localTime(at, "Asia/Tokyo")).toEqual({ date: "2026-11-30", day: 1, minute: 8 * 60 + 30 });
    expect(localTime(at, "America/Los_Angeles")).toEqual({
      date: "2026-11-29",
      day: 7,
      minute: 15 * 60 + 30,
    });
  });
});
