import {
  type ModerationAction,
  REPORT_REASON_LABELS,
  type ReportReason,
  SUSPENDED_FOR_GOOD_ISO,
  SUSPENSION_CHOICES,
} from "@flipside/contracts/moderation-constants";
import { useId, useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import { adminApi, type ModerationCase } from "./admin-client.ts";
import { AuditEntries } from "./audit-entries.tsx";
import { ReasonField } from "./reason-field.tsx";

const KIND_NAMES: Record<ModerationCase["targetKind"], string> = {
  SITE_PAGE: "Page",
  COMMENT: "Comment",
  REVIEW: "Review",
  RELATED_PAGE: "Related page",
  NOTE: "Note",
  ACCOUNT: "Person",
};

const STATE_NAMES = {
  HIDDEN: "Hidden by moderators",
  PENDING_REVIEW: "Hidden until reviewed",
  AUTHOR_SUSPENDED: "Hidden with its author",
} as const;

/** What moderators hide and restore (a page too: decision 027). */
const CONTENT = new Set(["COMMENT", "REVIEW", "RELATED_PAGE", "NOTE", "SITE_PAGE"]);

/** What each action asks before it is done, and what it says when done. */
const ASK: Record<ModerationAction, { title: string; description: string; confirm: string; done: string }> = {
  DISMISS: {
    title: "Dismiss these reports?",
    description:
      "It stays as it is (what reports hid comes back), and each reporter is told it was found within the rules.",
    confirm: "Dismiss",
    done: "Reports dismissed",
  },
  HIDE: {
    title: "Hide it?",
    description:
      "It shows as “hidden by moderators” where it was; its replies stay. Reporters are told. You can restore it.",
    confirm: "Hide",
    done: "Hidden",
  },
  RESTORE: {
    title: "Restore it?",
    description: "It shows again, as it was.",
    confirm: "Restore",
    done: "Restored",
  },
  SUSPEND: {
    title: "Suspend this person?",
    description:
      "They are signed out everywhere and cannot sign in or write until the suspension ends. Reporters are told.",
    confirm: "Suspend",
    done: "Suspended",
  },
  UNSUSPEND: {
    title: "Lift the suspension?",
    description: "They can sign in again; what was hidden with their account comes back.",
    confirm: "Lift the suspension",
    done: "Suspension lifted",
  },
};

/** Hiding a page is not hiding a contribution: its discussion stays (decision 027). */
const HIDE_PAGE = {
  ...ASK.HIDE,
  title: "Hide this page?",
  description:
    "Flipside stops showing what the page says (title, description, icon), listing it and linking to it. Its discussion so far stays readable and takes nothing new. Reporters are told. You can restore it.",
};

const pagePath = (url: string) => `/?${new URLSearchParams({ url })}`;

/** One target with its open reports, its context, the person's history and the audit log beside it. */
export function ModerationCaseCard({ item, onDone }: { item: ModerationCase; onDone(): void }) {
  const [asking, setAsking] = useState<ModerationAction | null>(null);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState<string>("7");
  const [hideAll, setHideAll] = useState(false);
  const daysId = useId();
  const { target, subject } = item;
  const content = CONTENT.has(item.targetKind);
  const suspended = Boolean(subject?.suspendedUntil);
  const asked =
    asking === "HIDE" && item.targetKind === "SITE_PAGE" ? HIDE_PAGE : asking ? ASK[asking] : null;

  function open(action: ModerationAction) {
    setReason("");
    setHideAll(false);
    setAsking(action);
  }

  async function run() {
    if (!asking) return;
    const action = asking;
    try {
      await adminApi.act({
        targetKind: item.targetKind,
        targetId: item.targetId,
        action,
        version: target.version,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(action === "SUSPEND"
          ? { days: days === "forever" ? null : Number(days), hideContributions: hideAll }
          : {}),
      });
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "That did not work. Try again.");
      if (isApiError(error) && error.status === 409) onDone();
      throw error;
    }
    notify.success(ASK[action].done);
    onDone();
  }

  return (
    <article
      className="flex flex-col gap-4 rounded-xl border p-4"
      data-testid="moderation-case"
      data-target={item.targetId}
      aria-labelledby={`case-${item.targetId}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">{KIND_NAMES[item.targetKind]}</Badge>
        <h2 id={`case-${item.targetId}`} className="min-w-0 flex-1 truncate font-semibold">
          {target.label || "(nothing to show)"}
        </h2>
        <Badge variant="default" data-testid="case-report-count">
          {`${item.openReports} ${item.openReports === 1 ? "report" : "reports"}`}
        </Badge>
      </header>
      <ul className="flex flex-wrap gap-1" aria-label="Reasons">
        {Object.entries(item.reasons).map(([r, n]) => (
          <li key={r}>
            <Badge variant="secondary">{`${REPORT_REASON_LABELS[r as ReportReason] ?? r} × ${n}`}</Badge>
          </li>
        ))}
      </ul>

      <section className="flex flex-col gap-2" aria-label="The content">
        {target.moderation ? (
          <Badge variant="warning" data-testid="case-state">
            {STATE_NAMES[target.moderation]}
          </Badge>
        ) : null}
        {!target.exists ? (
          <p className="text-muted-foreground text-sm italic">It is no longer there.</p>
        ) : null}
        {item.context.page ? (
          <p className="text-muted-foreground text-sm">
            {"On "}
            <AppLink to={pagePath(item.context.page.url)} className="underline underline-offset-2">
              {item.context.page.title}
            </AppLink>
          </p>
        ) : null}
        {item.context.inReplyTo ? (
          <blockquote className="border-l-2 pl-3 text-muted-foreground text-sm">
            <span className="font-medium">In reply to: </span>
            {item.context.inReplyTo}
          </blockquote>
        ) : null}
        {target.text ? (
          <p
            className="whitespace-pre-wrap break-words rounded-lg bg-muted/50 p-3 text-sm"
            data-testid="case-text"
          >
            {target.text}
          </p>
        ) : null}
      </section>

      <section className="flex flex-col gap-2" aria-label="Reports">
        <h3 className="font-medium text-sm">Reports</h3>
        {item.reports.length === 0 ? (
          <p className="text-muted-foreground text-sm" data-testid="case-no-reports">
            No open reports: what was decided is under History.
          </p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {item.reports.map((r) => (
            <li key={r.id} className="flex flex-col gap-1 text-sm" data-testid="case-report">
              <p>
                <span className="font-medium">{r.reporter.displayName}</span>
                {`: ${REPORT_REASON_LABELS[r.reason]} · `}
                <TimeAgo iso={r.createdDate} className="text-muted-foreground" />
              </p>
              {r.text ? (
                <p className="whitespace-pre-wrap break-words text-muted-foreground">{`“${r.text}”`}</p>
              ) : null}
              {r.snapshot && r.snapshot !== target.text && r.snapshot !== target.label ? (
                <p
                  className="whitespace-pre-wrap break-words text-muted-foreground text-xs"
                  data-testid="case-snapshot"
                >
                  {`When reported it said: ${r.snapshot}`}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      {subject ? (
        <section className="flex flex-col gap-1 text-sm" aria-label="The person" data-testid="case-subject">
          <h3 className="font-medium">
            {"By "}
            <AppLink to={`/users/${subject.id}`} className="underline underline-offset-2">
              {subject.displayName}
            </AppLink>
          </h3>
          <p className="text-muted-foreground">
            {`Joined ${formatAbsolute(subject.createdDate)} · ${subject.reportsAgainst} ${subject.reportsAgainst === 1 ? "report" : "reports"} about them in all · ${subject.hiddenContributions} hidden ${subject.hiddenContributions === 1 ? "contribution" : "contributions"}`}
          </p>
          {subject.suspendedUntil ? (
            <p className="text-destructive" data-testid="case-suspended">
              {subject.suspendedUntil >= SUSPENDED_FOR_GOOD_ISO
                ? "Suspended for good"
                : `Suspended until ${formatAbsolute(subject.suspendedUntil)}`}
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {item.openReports > 0 ? (
          <Button variant="outline" size="sm" onClick={() => open("DISMISS")} data-testid="case-dismiss">
            Dismiss
          </Button>
        ) : null}
        {content && target.exists && target.moderation !== "HIDDEN" ? (
          <Button variant="destructive" size="sm" onClick={() => open("HIDE")} data-testid="case-hide">
            Hide
          </Button>
        ) : null}
        {content && target.moderation ? (
          <Button variant="outline" size="sm" onClick={() => open("RESTORE")} data-testid="case-restore">
            Restore
          </Button>
        ) : null}
        {subject && !suspended ? (
          <Button variant="destructive" size="sm" onClick={() => open("SUSPEND")} data-testid="case-suspend">
            Suspend the person
          </Button>
        ) : null}
        {subject && suspended ? (
          <Button variant="outline" size="sm" onClick={() => open("UNSUSPEND")} data-testid="case-unsuspend">
            Lift the suspension
          </Button>
        ) : null}
      </div>

      {item.audit.length ? (
        // Open when there is nothing else to read: a case opened from the audit log.
        <details className="text-sm" open={item.openReports === 0}>
          <summary className="cursor-pointer font-medium">{`History (${item.audit.length})`}</summary>
          <div className="mt-2">
            <AuditEntries entries={item.audit} />
          </div>
        </details>
      ) : null}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(next) => !next && setAsking(null)}
        title={asked?.title ?? ""}
        description={asked?.description ?? ""}
        confirmLabel={asking ? ASK[asking].confirm : ""}
        destructive={asking === "HIDE" || asking === "SUSPEND"}
        onConfirm={run}
        testId="moderation-dialog"
      >
        <div className="flex flex-col gap-4">
          {asking === "SUSPEND" ? (
            <>
              <div className="flex flex-col gap-2">
                <Label htmlFor={daysId}>For how long</Label>
                <select
                  id={daysId}
                  value={days}
                  onChange={(e) => setDays(e.target.value)}
                  className={cn(inputVariants(), "pr-8")}
                  data-testid="suspend-days"
                >
                  {SUSPENSION_CHOICES.map((choice) => (
                    <option key={choice.label} value={choice.days === null ? "forever" : String(choice.days)}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={hideAll}
                  onChange={(e) => setHideAll(e.target.checked)}
                  className="size-4 accent-primary"
                  data-testid="suspend-hide-all"
                />
                Hide everything they wrote too (it comes back if the suspension is lifted)
              </label>
            </>
          ) : null}
          <ReasonField value={reason} onChange={setReason} testId="moderation-reason" />
        </div>
      </ConfirmDialog>
    </article>
  );
}
