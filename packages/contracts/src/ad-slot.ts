import { AD_LOOKUP_MAX } from "./ad-lookup.ts";
import type { AdWhyReason } from "./ads-constants.ts";

/**
 * The ad on a discussion page (ADS.md §1.13, §4.4–4.6): its texts and serving's numbers, apart
 * from the rest of the ads constants so a page view carries only these.
 */

export const AD_WHY_LABELS: Record<AdWhyReason, string> = {
  SITE: "This page matches the advertiser's choice of pages",
  PLACE: "You are in an area the advertiser chose",
  AUDIENCE: "You read pages the advertiser chose",
  EVERYONE: "Shown to everyone reading this page",
};
export const AD_SLOT_TEXTS = {
  label: "Ad",
  menu: "Ad options",
  why: "Why this ad?",
  hide: "Hide this ad",
  report: "Report this ad",
  hidden: "Ad hidden.",
  reported: "Thanks, we will look at this ad.",
  by: (advertiser: string) => `Ad by ${advertiser}`,
} as const;

export const AD_SERVING = {
  /** Ads one lookup may answer (`size`), one per advertiser. */
  maxSize: AD_LOOKUP_MAX,
  /** An impression beacon is taken this long after the decision, a click this long. */
  impressionTtlMs: 15 * 60_000,
  clickTtlMs: 24 * 60 * 60_000,
  /** Per reader and minute, across campaigns: more is RATE. */
  clicksPerMinute: 5,
  impressionsPerMinute: 30,
  /** pCTR = (clicks + 1) ÷ (impressions + 500) over 14 days: a 0.2% prior. */
  pctrPriorClicks: 1,
  pctrPriorImpressions: 500,
  pctrDays: 14,
  /** MRC display viewability: half the ad in view for one continuous second. */
  viewableRatio: 0.5,
  viewableMs: 1000,
} as const;
