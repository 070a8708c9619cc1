import { SUSPENDED_FOR_GOOD_ISO } from "@flipside/contracts/moderation-constants";
import { ROLE_NAMES } from "@flipside/contracts/roles";
import { AppLink } from "../../components/shell/app-link.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { formatAbsolute } from "../../lib/relative-time.ts";
import type { AuditEntry } from "./admin-client.ts";

/** What each recorded action says, after the actor's name. */
const ACTION_WORDS: Record<string, string> = {
  ROLES_CHANGED: "changed the roles of",
  MODERATION_DISMISS: "dismissed the reports about",
  MODERATION_HIDE: "hid",
  MODERATION_RESTORE: "restored",
  MODERATION_SUSPEND: "suspended",
  MODERATION_UNSUSPEND: "lifted the suspension of",
  MODERATION_AUTO_HIDE: "hid, pending review,",
};

const TARGET_WORDS: Record<string, string> = {
  ACCOUNT: "",
  SITE_PAGE: "page",
  COMMENT: "comment",
  REVIEW: "review",
  RELATED_PAGE: "related page",
  NOTE: "note",
};

const roleList = (value: unknown) =>
  Array.isArray(value)
    ? value
        .filter((role): role is keyof typeof ROLE_NAMES => typeof role === "string" && role in ROLE_NAMES)
        .filter((role) => role !== "ROLE_USER")
        .map((role) => ROLE_NAMES[role])
        .join(", ") || "no role"
    : "";

/** The change itself, in words, where the entry records one. */
function changeOf(entry: AuditEntry): string | null {
  if (entry.action === "ROLES_CHANGED") {
    return `${roleList(entry.details.before)} → ${roleList(entry.details.after)}`;
  }
  if (entry.action === "MODERATION_SUSPEND") {
    const until = typeof entry.details.until === "string" ? entry.details.until : null;
    const how = !until || until >= SUSPENDED_FOR_GOOD_ISO ? "for good" : `until ${formatAbsolute(until)}`;
    return entry.details.hideContributions ? `${how}, with their contributions` : how;
  }
  return null;
}

/** A moderator's decision opens its target as a case, where it can be restored (docs/moderation.md). */
const casePath = (entry: AuditEntry) =>
  entry.action.startsWith("MODERATION_") && entry.targetKind in TARGET_WORDS
    ? `/admin/moderation/${entry.targetKind}/${entry.targetId}`
    : null;

/**
 * The audit log as people read it: who did what to whom, when, and why (docs/admin.md#audit-log).
 * `linked`: each moderation entry links to its target's case.
 */
export function AuditEntries({
  entries,
  linked = false,
}: {
  entries: readonly AuditEntry[];
  linked?: boolean;
}) {
  return (
    <ol className="divide-y rounded-xl border" data-testid="audit-entries">
      {entries.map((entry) => {
        const change = changeOf(entry);
        const target = [TARGET_WORDS[entry.targetKind] ?? entry.targetKind.toLowerCase(), entry.targetLabel]
          .filter(Boolean)
          .join(" ");
        return (
          <li
            key={entry.id}
            className="flex flex-col gap-1 p-4 text-sm"
            data-testid="audit-entry"
            data-action={entry.action}
            data-target={entry.targetId}
          >
            <p>
              <span className="font-medium">{entry.actor.displayName}</span>{" "}
              {ACTION_WORDS[entry.action] ?? entry.action.toLowerCase().replaceAll("_", " ")}{" "}
              <span className="font-medium">{target || "—"}</span>
              {change ? <span className="text-muted-foreground">{` (${change})`}</span> : null}
            </p>
            {entry.reason ? (
              <p className="whitespace-pre-wrap break-words text-muted-foreground" data-testid="audit-reason">
                {`“${entry.reason}”`}
              </p>
            ) : null}
            <div className="flex items-center gap-3 text-xs">
              <TimeAgo iso={entry.createdDate} className="text-muted-foreground" />
              {linked && casePath(entry) ? (
                <AppLink
                  to={casePath(entry) ?? ""}
                  className="text-primary hover:underline"
                  data-testid="audit-open"
                  aria-label={`Open ${target || "the target"}`}
                >
                  Open
                </AppLink>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
