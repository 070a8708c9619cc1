import type { VoteResult, VoteValue } from "@flipside/contracts/discussion";
import { useEffect, useRef, useState } from "react";
import { ArrowBigDown, ArrowBigUp } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import { useContributionGate } from "./contribution-gate.ts";
import { discussionApi } from "./discussion-client.ts";
import { useLiveTally } from "./live-page.tsx";
import { useOwnVote } from "./own-votes.tsx";
import { applyVote, nextVote, type VoteState } from "./votes.ts";

function sameVote(a: VoteState, b: VoteState): boolean {
  return a.up === b.up && a.down === b.down && a.score === b.score && a.myVote === b.myVote;
}

export interface VoteArrowsProps {
  /** The contribution's id, or the page's id for `kind: "SITE_PAGE"`. */
  targetId: string;
  kind?: "CONTRIBUTION" | "SITE_PAGE";
  initial: VoteState;
  /** What is voted on, for the buttons' names ("Vote this comment up"). */
  label: string;
  /** The author's profile id: nobody votes on their own contribution. */
  authorId?: string | null;
  orientation?: "horizontal" | "vertical";
  size?: "sm" | "md";
  /** Drawn in a rounded box of its own instead of flush with what is around it. */
  framed?: boolean;
  /** Told every tally shown: the one expected at once, the server's, or the one restored. */
  onChange?(state: VoteState): void;
  className?: string;
}

/**
 * Up and down arrows with the score (docs/web-app.md: up sends 1, down -1, pressing the lit arrow
 * again sends 0). The change shows at once and is rolled back if the server refuses it.
 */
export function VoteArrows({
  targetId,
  kind = "CONTRIBUTION",
  initial: given,
  label,
  authorId,
  orientation = "horizontal",
  size = "sm",
  framed = false,
  className,
  onChange,
}: VoteArrowsProps) {
  const gate = useContributionGate();
  // A page rendered for everyone learns the viewer's own votes after hydration (own-votes.tsx).
  const known = useOwnVote(targetId);
  const initial = kind === "CONTRIBUTION" && known !== undefined ? { ...given, myVote: known } : given;
  const [state, setState] = useState<VoteState>(initial);
  const [busy, setBusy] = useState(false);
  // Fresh counts from the server (the page reloaded after logging in, say) replace ours.
  const [seen, setSeen] = useState<VoteState>(initial);
  if (!sameVote(seen, initial)) {
    setSeen(initial);
    setState(initial);
  }
  // Others' votes arrive live (docs/live.md): the counts change, the viewer's own vote stays.
  const tally = useLiveTally(targetId);
  useEffect(() => {
    if (tally) setState((s) => ({ ...s, up: tally.up, down: tally.down, score: tally.up - tally.down }));
  }, [tally]);
  const stateRef = useRef(state);
  stateRef.current = state;
  const own = Boolean(gate.user && authorId && gate.user.id === authorId);

  async function press(direction: "up" | "down") {
    if (!gate.requireUser() || busy) return;
    const before = stateRef.current;
    const vote: VoteValue = nextVote(before.myVote, direction);
    const show = (next: VoteState) => {
      setState(next);
      onChange?.(next);
    };
    show(applyVote(before, vote));
    setBusy(true);
    try {
      const result: VoteResult = await discussionApi.vote(targetId, vote, kind);
      show({ up: result.up, down: result.down, score: result.score, myVote: result.vote });
    } catch (error) {
      show(before);
      gate.report(error, "Your vote was not counted. Try again.");
    } finally {
      setBusy(false);
    }
  }

  const icon = size === "md" ? "size-6" : "size-5";
  const button = cn(
    "inline-flex cursor-pointer items-center justify-center rounded-md outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50",
    size === "md" ? "size-9" : "size-8",
  );
  const ownTitle = own ? "You cannot vote on your own contribution." : undefined;
  return (
    <fieldset
      data-testid="vote-arrows"
      data-my-vote={state.myVote}
      aria-busy={busy || undefined}
      className={cn(
        "m-0 inline-flex min-w-0 items-center gap-0.5",
        framed ? "rounded-lg border px-1 py-0" : "border-0 p-0",
        orientation === "vertical" && "flex-col",
        className,
      )}
    >
      <legend className="sr-only">{`Vote on ${label}`}</legend>
      <button
        type="button"
        className={cn(button, state.myVote === 1 ? "text-primary" : "text-muted-foreground")}
        aria-pressed={state.myVote === 1}
        aria-label={`Vote ${label} up`}
        title={ownTitle ?? "Vote up"}
        disabled={own}
        data-testid="vote-up"
        onClick={() => void press("up")}
      >
        <ArrowBigUp className={cn(icon, state.myVote === 1 && "fill-current")} aria-hidden="true" />
      </button>
      <output
        data-testid="vote-score"
        aria-label={`Score ${state.score}: ${state.up} up, ${state.down} down`}
        className={cn(
          "min-w-6 text-center font-semibold text-sm tabular-nums",
          state.myVote === 1 && "text-primary",
          state.myVote === -1 && "text-destructive",
        )}
      >
        {state.score}
      </output>
      <button
        type="button"
        className={cn(button, state.myVote === -1 ? "text-destructive" : "text-muted-foreground")}
        aria-pressed={state.myVote === -1}
        aria-label={`Vote ${label} down`}
        title={ownTitle ?? "Vote down"}
        disabled={own}
        data-testid="vote-down"
        onClick={() => void press("down")}
      >
        <ArrowBigDown className={cn(icon, state.myVote === -1 && "fill-current")} aria-hidden="true" />
      </button>
    </fieldset>
  );
}
