import { describe, expect, it } from "vitest";
import type { AdCampaign } from "./ads-client.ts";
import {
  campaignForm,
  campaignInput,
  ENTER_AMOUNT,
  fromWallClock,
  minuteText,
  moneyText,
  parseMoney,
  wallClock,
} from "./campaign-form.ts";

describe("amounts", () => {
  it("are read exactly into micros, with a point or a comma", () => {
    expect(parseMoney("12.50")).toBe(12_500_000);
    expect(parseMoney(" 12,5 ")).toBe(12_500_000);
    expect(parseMoney("3")).toBe(3_000_000);
    expect(parseMoney("0.123456")).toBe(123_456);
    // 0.29 * 1e6 is 289999.99… in floating point: the digits are read, not multiplied.
    expect(parseMoney("0.29")).toBe(290_000);
  });

  it("refuse what is not an amount", () => {
    for (const text of ["", "abc", "-1", "1.2.3", "1,000.00", "1e3", "0.1234567", "1234567890"]) {
      expect(parseMoney(text), text).toBeNull();
    }
  });

  it("are shown with the currency's minor digits", () => {
    expect(moneyText(12_500_000, "EUR")).toBe("12.50");
    expect(moneyText(3_000_000, "EUR")).toBe("3.00");
    expect(moneyText(125_000, "EUR")).toBe("0.125");
    expect(moneyText(1250_000_000, "JPY")).toBe("1250");
  });
});

describe("wall-clock times", () => {
  it("go to and from an instant in the account's zone", () => {
    expect(wallClock("2026-07-01T10:00:00.000Z", "Europe/Berlin")).toBe("2026-07-01T12:00");
    expect(fromWallClock("2026-07-01T12:00", "Europe/Berlin")).toBe("2026-07-01T10:00:00.000Z");
    expect(fromWallClock("2026-01-15T12:00", "Europe/Berlin")).toBe("2026-01-15T11:00:00.000Z");
    expect(fromWallClock("2026-01-15T12:00", "America/New_York")).toBe("2026-01-15T17:00:00.000Z");
  });

  it("take the hour after a time the clocks skip", () => {
    // Berlin goes from 02:00 to 03:00 on 29 March 2026.
    expect(fromWallClock("2026-03-29T02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
  });

  it("refuse what is not a time", () => {
    expect(fromWallClock("", "UTC")).toBeNull();
    expect(fromWallClock("tomorrow", "UTC")).toBeNull();
  });

  it("show minutes as a clock", () => {
    expect(minuteText(555)).toBe("09:15");
    expect(minuteText(1440)).toBe("24:00");
  });
});

const NOW = new Date("2026-11-29T10:00:00Z");
const saved: AdCampaign = {
  id: "00000000-0000-4000-8000-000000000001",
  adAccountId: "00000000-0000-4000-8000-000000000002",
  name: "Spring launch",
  status: "ACTIVE",
  pricingModel: "CPC",
  bidding: {
    strategy: "MANUAL",
    bidMicros: 500_000,
    targetMicros: null,
    bidCeilingMicros: null,
    bidFloorMicros: null,
    autopilotStatus: "OFF",
    learningEventsLeft: 0,
    lastChangeAt: null,
  },
  budget: { totalMicros: 100_000_000, dailyMicros: 10_000_000, pacing: "EVEN" },
  schedule: { startAt: "2026-11-01T08:00:30.000Z", endAt: null, weekly: null },
  frequencyCap: { impressions: 5, period: "WEEK" },
  creativeIds: [],
  filterIds: [],
  geoFences: { include: [], exclude: [] },
  audiences: { include: [], exclude: [] },
  delivery: { state: "RUNNING", label: "Running", detail: null },
  stats: { impressions: 0, clicks: 0, billedEvents: 0, spentMicros: 0, spentTodayMicros: 0 },
  launchedAt: "2026-11-01T08:00:30.000Z",
  createdAt: "2026-11-01T08:00:30.000Z",
  updatedAt: "2026-11-01T08:00:30.000Z",
  version: 3,
};

describe("the campaign form", () => {
  it("round-trips a saved campaign unchanged, keeping a past start's exact instant", () => {
    const form = campaignForm(saved, "EUR", "Europe/Berlin", NOW);
    expect(form.bid).toBe("0.50");
    expect(form.start).toBe("2026-11-01T09:00");
    const result = campaignInput(form, "Europe/Berlin", saved);
    expect(result.errors).toBeNull();
    expect(result.fields?.schedule.startAt).toBe(saved.schedule.startAt);
    expect(result.fields?.budget).toEqual(saved.budget);
    expect(result.fields?.frequencyCap).toEqual(saved.frequencyCap);
  });

  it("names every field it cannot send, as the API keys them", () => {
    const form = {
      ...campaignForm(null, "EUR", "UTC", NOW),
      bid: "lots",
      total: "",
      frequency: "0",
      end: "x",
    };
    expect(campaignInput(form, "UTC", null).errors).toEqual({
      name: "Enter a name.",
      "bidding.bidMicros": ENTER_AMOUNT,
      "budget.totalMicros": ENTER_AMOUNT,
      "schedule.endAt": "Enter a date and time.",
      "frequencyCap.impressions": "Choose between 1 and 100 ads.",
    });
  });

  it("sends the autopilot's fields only when it is on", () => {
    const base = {
      ...campaignForm(null, "EUR", "UTC", NOW),
      name: "A",
      bid: "1",
      total: "50",
      target: "0.40",
    };
    expect(campaignInput(base, "UTC", null).fields?.bidding).toMatchObject({
      strategy: "MANUAL",
      targetMicros: null,
    });
    expect(campaignInput({ ...base, autopilot: true }, "UTC", null).fields?.bidding).toMatchObject({
      strategy: "TARGET_CPC",
      targetMicros: 400_000,
    });
  });
});
