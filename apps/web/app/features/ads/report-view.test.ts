import { describe, expect, it } from "vitest";
import { changeVsPrevious, readReportView, reportViewHref, todayIn } from "./report-view.ts";

const at = new Date("2026-03-10T11:00:00Z");
const read = (qs: string, zone = "UTC") => readReportView(new URLSearchParams(qs), zone, at);
const ID = "01234567-89ab-7def-8123-456789abcdef";

describe("the Analytics screen's address", () => {
  it("starts at the last 7 days by day, in the account's zone", () => {
    expect(read("")).toEqual({
      preset: "LAST_7_DAYS",
      from: "2026-03-04",
      to: "2026-03-10",
      by: "day",
      campaignIds: [],
      error: null,
    });
    // 11:00 UTC is already the 11th in Kiritimati (UTC+14) and still the 10th in Pago Pago (UTC−11).
    expect(todayIn("Pacific/Kiritimati", at)).toBe("2026-03-11");
    expect(read("range=TODAY", "Pacific/Kiritimati")).toMatchObject({ from: "2026-03-11", to: "2026-03-11" });
    expect(read("range=YESTERDAY", "Pacific/Pago_Pago")).toMatchObject({
      from: "2026-03-09",
      to: "2026-03-09",
    });
  });

  it("reads each preset", () => {
    expect(read("range=LAST_30_DAYS")).toMatchObject({ from: "2026-02-09", to: "2026-03-10" });
    expect(read("range=THIS_MONTH")).toMatchObject({ from: "2026-03-01", to: "2026-03-10" });
    expect(read("range=LAST_MONTH")).toMatchObject({ from: "2026-02-01", to: "2026-02-28" });
    expect(read("range=nonsense").preset).toBe("LAST_7_DAYS");
  });

  it("checks a custom range", () => {
    expect(read("range=CUSTOM&from=2026-01-01&to=2026-01-31")).toMatchObject({
      from: "2026-01-01",
      to: "2026-01-31",
      error: null,
    });
    expect(read("range=CUSTOM&from=2025-01-01&to=2026-01-02").error).toBe(
      "Choose a range of at most 366 days.",
    );
    expect(read("range=CUSTOM&from=2026-02-02&to=2026-02-01").error).toBe(
      "The start of the range must not be after its end.",
    );
    // Not a day at all: the custom range starts from the last 7 days.
    expect(read("range=CUSTOM&from=2026-02-30&to=x")).toMatchObject({ from: "2026-03-04", error: null });
  });

  it("keeps campaigns that are ids, once, and the breakdown", () => {
    expect(read(`by=site&campaign=${ID}&campaign=${ID}&campaign=nope`)).toMatchObject({
      by: "site",
      campaignIds: [ID],
    });
    expect(read("by=hour").by).toBe("day");
  });

  it("writes the address back", () => {
    const view = read(`range=CUSTOM&from=2026-01-01&to=2026-01-31&by=country&campaign=${ID}`);
    expect(reportViewHref(view)).toBe(
      `/ads/analytics?range=CUSTOM&from=2026-01-01&to=2026-01-31&by=country&campaign=${ID}`,
    );
    expect(reportViewHref(read(""))).toBe("/ads/analytics");
  });

  it("says the change from the previous period", () => {
    expect(changeVsPrevious(150, 100)).toBe("+50%");
    expect(changeVsPrevious(50, 100)).toBe("−50%");
    expect(changeVsPrevious(100, 100)).toBe("0%");
    expect(changeVsPrevious(5, 0)).toBeNull();
  });
});
