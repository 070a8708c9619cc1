import type { Config } from "../../config.ts";
import type { siteClaims } from "../../db/schema/websites.ts";

type ClaimRow = typeof siteClaims.$inferSelect;

/** The longest wait between two PLANNED re-tries. */
const MAX_RETRY_WAIT_MS = 6 * 60 * 60 * 1000;

export type Timing = Pick<
  Config,
  "SITE_RECHECK_INTERVAL_MS" | "SITE_PROOF_GRACE_MS" | "SITE_RETRY_WINDOW_MS" | "SITE_RETRY_FIRST_MS"
>;

/** What happened to a claim because of one check, for the mails it causes. */
export type CheckEvent = "verified" | "restored" | "proof-missing" | "demoted" | "retries-ended" | null;

export interface NextState {
  patch: Partial<ClaimRow>;
  event: CheckEvent;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * The state machine of docs/websites.md#states, as a pure function of the claim, the check's
 * result and the time, so every transition is tested without waiting:
 * - PENDING/PLANNED + proof → VERIFIED, re-checked every SITE_RECHECK_INTERVAL_MS;
 * - PENDING/PLANNED + no proof → PLANNED, re-tried with doubling waits until
 *   SITE_RETRY_WINDOW_MS after the first failure of the run, then PENDING (the owner tries again);
 * - VERIFIED + no proof → still VERIFIED, failing since the first such check (the owner is mailed),
 *   re-checked at least by the end of the grace period, and PENDING once the proof has been
 *   missing for SITE_PROOF_GRACE_MS.
 * `manual` is a person's "Verify now": from PENDING it starts a new run of re-tries.
 */
export function nextState(
  claim: ClaimRow,
  ok: boolean,
  now: Date,
  timing: Timing,
  opts: { manual: boolean },
): NextState {
  if (claim.status === "VERIFIED") {
    if (ok) {
      return {
        patch: { failingSince: null, failures: 0, nextCheckAt: later(now, timing.SITE_RECHECK_INTERVAL_MS) },
        event: claim.failingSince ? "restored" : null,
      };
    }
    const since = claim.failingSince ?? now;
    const demoteAt = later(since, timing.SITE_PROOF_GRACE_MS);
    if (now >= demoteAt) {
      return {
        patch: { status: "PENDING", failingSince: null, failures: 0, nextCheckAt: null, verifiedAt: null },
        event: "demoted",
      };
    }
    const next = later(now, timing.SITE_RECHECK_INTERVAL_MS);
    return {
      patch: {
        failingSince: since,
        failures: claim.failures + 1,
        nextCheckAt: next < demoteAt ? next : demoteAt,
      },
      event: claim.failingSince ? null : "proof-missing",
    };
  }

  if (ok) {
    return {
      patch: {
        status: "VERIFIED",
        verifiedAt: now,
        failingSince: null,
        failures: 0,
        nextCheckAt: later(now, timing.SITE_RECHECK_INTERVAL_MS),
      },
      event: opts.manual ? null : "verified",
    };
  }
  const newRun = claim.status === "PENDING" || !claim.failingSince;
  const since = newRun ? now : (claim.failingSince ?? now);
  const failures = newRun ? 1 : claim.failures + 1;
  const retriesEnd = later(since, timing.SITE_RETRY_WINDOW_MS);
  if (now >= retriesEnd) {
    return {
      patch: { status: "PENDING", failingSince: null, failures: 0, nextCheckAt: null },
      event: "retries-ended",
    };
  }
  const wait = Math.min(timing.SITE_RETRY_FIRST_MS * 2 ** (failures - 1), MAX_RETRY_WAIT_MS);
  const next = later(now, wait);
  return {
    patch: {
      status: "PLANNED",
      failingSince: since,
      failures,
      nextCheckAt: next < retriesEnd ? next : retriesEnd,
    },
    event: null,
  };
}
