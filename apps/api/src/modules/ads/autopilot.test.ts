import { describe, expect, it } from "vitest";
import { type BidState, type Measured, nextBid } from "./autopilot.ts";

/**
 * The autopilot's rule on a synthetic market (issue 22): a click rate and a conversion rate that
 * do not depend on the bid, so the cost per click or conversion follows the bid exactly. It must
 * reach the target, never step more than 20%, never leave the floor and ceiling, and say why.
 */

const HOUR = 3_600_000;

interface Market {
  /** Clicks per impression, conversions per click. */
  ctr: number;
  cvr: number;
  impressions: number;
}

/** Six hours (a day for conversions) of a CPM or CPC campaign at `bid`, in this market. */
function window(state: BidState, market: Market, hours: number): Measured {
  const impressions = market.impressions;
  const clicks = Math.round(impressions * market.ctr);
  const conversions = Math.round(clicks * market.cvr);
  const spendMicros =
    state.pricingModel === "CPM"
      ? Math.round((impressions * state.bidMicros) / 1000)
      : clicks * state.bidMicros;
  const to = new Date("2026-11-30T12:00:00Z");
  return {
    from: new Date(to.getTime() - hours * HOUR),
    to,
    impressions,
    clicks,
    conversions,
    spendMicros,
    recentDays: [0, 0, 0],
    dayGone: 0.5,
  };
}

/** Runs the rule `runs` times, checking the guardrails at each step; the bids and reasons. */
function simulate(start: BidState, market: Market, runs: number, hours = 6) {
  let state = start;
  const log: { from: number; to: number; reason: string }[] = [];
  let status = "ACTIVE";
  for (let i = 0; i < runs; i++) {
    const step = nextBid(state, window(state, market, hours));
    status = step.status;
    if (step.reason === null) {
      expect(step.bidMicros).toBe(state.bidMicros);
      continue;
    }
    // At most 20% either way, whole cents, within the advertiser's bounds.
    expect(Math.abs(step.bidMicros / state.bidMicros - 1)).toBeLessThanOrEqual(0.2 + 1e-9);
    expect(step.bidMicros % 10_000).toBe(0);
    if (state.bidFloorMicros !== null) expect(step.bidMicros).toBeGreaterThanOrEqual(state.bidFloorMicros);
    if (state.bidCeilingMicros !== null) expect(step.bidMicros).toBeLessThanOrEqual(state.bidCeilingMicros);
    log.push({ from: state.bidMicros, to: step.bidMicros, reason: step.reason });
    state = { ...state, bidMicros: step.bidMicros };
  }
  return { bid: state.bidMicros, log, status };
}

const base: BidState = {
  strategy: "TARGET_CPC",
  pricingModel: "CPM",
  bidMicros: 2_000_000,
  targetMicros: 500_000,
  bidFloorMicros: 1_000_000,
  bidCeilingMicros: 10_000_000,
  dailyBudgetMicros: null,
  currency: "EUR",
  pctr: 0.01,
};
const market: Market = { ctr: 0.01, cvr: 0.05, impressions: 10_000 };

describe("the autopilot on a synthetic market", () => {
  it("brings a CPM campaign's cost per click to its target in steps of at most 20%, then holds", () => {
    // At 1% of readers clicking, €0.50 a click is a €5.00 CPM bid.
    const { bid, log, status } = simulate(base, market, 12);
    expect(bid).toBe(5_000_000);
    expect(status).toBe("ACTIVE");
    expect(log.length).toBeGreaterThanOrEqual(5);
    expect(log[0]).toEqual({
      from: 2_000_000,
      to: 2_400_000,
      reason:
        "Cost per click was €0.20 over the last 6 hours, below your €0.50 target: bidding more for more clicks.",
    });
    // Once there, nothing more to say: the last runs change nothing.
    expect(log.at(-1)?.to).toBe(5_000_000);
  });

  it("comes down from too high a bid", () => {
    const { bid, log } = simulate({ ...base, bidMicros: 9_000_000 }, market, 12);
    expect(bid).toBe(5_000_000);
    expect(log[0]?.reason).toBe("Cost per click was €0.90 over the last 6 hours, above your €0.50 target.");
  });

  it("stops at the highest bid and says it is held back", () => {
    const { bid, status } = simulate({ ...base, bidCeilingMicros: 4_000_000 }, market, 12);
    expect(bid).toBe(4_000_000);
    expect(status).toBe("LIMITED_BY_CEILING");
  });

  it("brings a CPC campaign's cost per conversion to its target, not below the lowest bid", () => {
    // 5% of clicks convert: €5.00 a conversion is a €0.25 click.
    const cpa: BidState = {
      ...base,
      strategy: "TARGET_CPA",
      pricingModel: "CPC",
      bidMicros: 1_000_000,
      targetMicros: 5_000_000,
      bidFloorMicros: 100_000,
      bidCeilingMicros: 2_000_000,
    };
    const reached = simulate(cpa, market, 15, 24);
    expect(reached.bid).toBe(250_000);
    expect(reached.log[0]?.reason).toBe(
      "Cost per conversion was €20.00 over the last 24 hours, above your €5.00 target.",
    );
    const floored = simulate({ ...cpa, bidFloorMicros: 300_000 }, market, 15, 24);
    expect(floored.bid).toBe(300_000);
  });

  it("with too few clicks to measure, bids what the click rate says the target is worth", () => {
    const step = nextBid(base, window(base, { ...market, impressions: 100 }, 6));
    // €0.50 × 1% × 1,000 = €5.00, reached 20% at a time.
    expect(step.bidMicros).toBe(2_400_000);
    expect(step.reason).toBe(
      "Too few clicks in the last 6 hours to measure a cost per click: bidding towards your €0.50 target from the click rate.",
    );
  });

  it("raises the bid of most clicks for a budget it does not spend, and lowers it when the budget runs out early", () => {
    const clicks: BidState = {
      ...base,
      strategy: "MAXIMIZE_CLICKS",
      targetMicros: null,
      dailyBudgetMicros: 200_000_000,
    };
    const under = nextBid(clicks, window(clicks, market, 6));
    expect(under.bidMicros).toBe(2_400_000);
    expect(under.reason).toMatch(
      /^Spent €20\.00 in the last 6 hours, on course to leave much of your €200\.00 daily budget unspent/,
    );
    const spent = nextBid(clicks, {
      ...window(clicks, market, 6),
      recentDays: [200_000_000, 0, 0],
      dayGone: 0.4,
    });
    expect(spent.bidMicros).toBe(1_800_000);
    expect(spent.reason).toBe(
      "Your €200.00 daily budget ran out before the day was over: bidding less for more clicks from the same budget.",
    );
  });

  it("says it is limited by budget when the daily budget ran out on two of the last three days", () => {
    const capped: BidState = { ...base, dailyBudgetMicros: 50_000_000 };
    const step = nextBid(capped, { ...window(capped, market, 6), recentDays: [50_000_000, 0, 49_999_000] });
    expect(step.status).toBe("LIMITED_BY_BUDGET");
  });
});
