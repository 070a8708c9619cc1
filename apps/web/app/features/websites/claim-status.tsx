import { VERIFICATION_METHOD_LABELS } from "@flipside/contracts/website-proof";
import { Badge } from "../../components/ui/badge.tsx";
import { BadgeCheck, CircleAlert, CircleDashed, RefreshCw } from "../../components/ui/icons.tsx";
import { formatFull } from "../../lib/relative-time.ts";
import type { SiteClaim } from "./websites-client.ts";

/** What a claim's state means to its owner, in one badge (SPEC.md §3: PENDING, PLANNED, VERIFIED). */
export function ClaimStatusBadge({ claim }: { claim: SiteClaim }) {
  if (claim.verifiedByAnother)
    return (
      <Badge variant="warning" data-testid="claim-status" data-status="ANOTHER">
        <CircleAlert aria-hidden="true" />
        Verified by another owner
      </Badge>
    );
  if (claim.status === "VERIFIED")
    return (
      <Badge
        variant={claim.failingSince ? "warning" : "success"}
        data-testid="claim-status"
        data-status="VERIFIED"
      >
        <BadgeCheck aria-hidden="true" />
        {claim.failingSince ? "Verified, proof missing" : "Verified"}
      </Badge>
    );
  if (claim.status === "PLANNED")
    return (
      <Badge variant="secondary" data-testid="claim-status" data-status="PLANNED">
        <RefreshCw aria-hidden="true" />
        Check planned
      </Badge>
    );
  return (
    <Badge variant="outline" data-testid="claim-status" data-status="PENDING">
      <CircleDashed aria-hidden="true" />
      Not verified yet
    </Badge>
  );
}

export const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** "3 pages · 12 comments · 1 review": how much is said on a site. */
export const countsLine = ({ counts }: SiteClaim) =>
  [
    count(counts.pages, "page", "pages"),
    count(counts.comments, "comment", "comments"),
    count(counts.reviews, "review", "reviews"),
  ].join(" · ");

/** The last check (how, when, what it found) and when Flipside checks again on its own. */
export function CheckSummary({ claim }: { claim: SiteClaim }) {
  const { lastCheck } = claim;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="check-summary">
      <dt className="text-muted-foreground">Last check</dt>
      <dd>
        {lastCheck ? (
          <>
            {formatFull(lastCheck.date)} by {VERIFICATION_METHOD_LABELS[lastCheck.method]}:{" "}
            <span
              className={lastCheck.ok ? "text-success" : "text-destructive"}
              data-testid="last-check-message"
            >
              {lastCheck.message}
            </span>
          </>
        ) : (
          "Not checked yet"
        )}
      </dd>
      <dt className="text-muted-foreground">Next check</dt>
      <dd data-testid="next-check">
        {claim.nextCheckDate
          ? formatFull(claim.nextCheckDate)
          : claim.status === "VERIFIED"
            ? "—"
            : "When you ask"}
      </dd>
      {claim.demotionDate ? (
        <>
          <dt className="text-muted-foreground">Verified until</dt>
          <dd className="text-warning">{`${formatFull(claim.demotionDate)}, unless the proof is back`}</dd>
        </>
      ) : null}
      {claim.retriesEndDate ? (
        <>
          <dt className="text-muted-foreground">Re-tries until</dt>
          <dd>{formatFull(claim.retriesEndDate)}</dd>
        </>
      ) : null}
    </dl>
  );
}
