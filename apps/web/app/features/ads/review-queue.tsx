import {
  AD_CREATIVE_LIMITS,
  AD_CREATIVE_MESSAGES,
  AD_REJECTION_REASONS,
  type AdRejectionReason,
  REJECTION_REASON_LABELS,
} from "@flipside/contracts/ads-constants";
import { type FormEvent, useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ShieldCheck } from "../../components/ui/icons.tsx";
import { inputVariants } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { notify } from "../../lib/toast.ts";
import { type AdminAdCreative, adsApi } from "./ads-client.ts";
import { CreativePreview } from "./creative-preview.tsx";

function failed(error: unknown) {
  notify.error(isApiError(error) ? error.message : "The decision was not saved. Try again.");
}

function RejectDialog({ creative, onDone }: { creative: AdminAdCreative; onDone: () => void }) {
  const ids = { reason: useId(), note: useId(), noteError: useId() };
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<AdRejectionReason>("MISLEADING");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === "OTHER" && !note.trim()) return setError(AD_CREATIVE_MESSAGES.noteRequired);
    if (note.length > AD_CREATIVE_LIMITS.noteMax) return setError(AD_CREATIVE_MESSAGES.noteTooLong);
    setSending(true);
    try {
      await adsApi.review(
        creative.id,
        { decision: "REJECT", reason, ...(note.trim() ? { note: note.trim() } : {}) },
        creative.version,
      );
      notify.success("Creative rejected");
      setOpen(false);
      onDone();
    } catch (e) {
      failed(e);
      if (isApiError(e) && e.status === 409) {
        setOpen(false);
        onDone();
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="review-reject">
        Reject
      </Button>
      <DialogContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Reject {creative.name}?</DialogTitle>
            <DialogDescription>
              The advertiser sees the reason and your note, and can edit and resubmit.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <label htmlFor={ids.reason} className="font-medium text-sm">
              Reason
            </label>
            <select
              id={ids.reason}
              value={reason}
              onChange={(e) => {
                setReason(AD_REJECTION_REASONS.find((r) => r === e.target.value) ?? "OTHER");
                setError(undefined);
              }}
              className={cn(inputVariants(), "pr-8")}
              data-testid="review-reason"
            >
              {AD_REJECTION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REJECTION_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor={ids.note} className="font-medium text-sm">
              Note to the advertiser
            </label>
            <Textarea
              id={ids.note}
              value={note}
              maxLength={AD_CREATIVE_LIMITS.noteMax + 50}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? ids.noteError : undefined}
              onChange={(e) => setNote(e.target.value)}
              onBlur={() =>
                setError(reason === "OTHER" && !note.trim() ? AD_CREATIVE_MESSAGES.noteRequired : undefined)
              }
              data-testid="review-note"
            />
            {error ? (
              <p id={ids.noteError} className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={sending} data-testid="review-reject-submit">
              Reject creative
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The admins' review queue (ADS.md §1.12): oldest first, one decision each. */
export function ReviewQueue({ items, total }: { items: AdminAdCreative[]; total: number }) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => void revalidate();

  async function approve(creative: AdminAdCreative) {
    setBusy(creative.id);
    try {
      await adsApi.review(creative.id, { decision: "APPROVE" }, creative.version);
      notify.success("Creative approved");
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
      refresh();
    }
  }

  return (
    <section aria-labelledby="review-queue" className="flex flex-col gap-4">
      <h2 id="review-queue" className="font-semibold text-lg">
        Review queue ({total})
      </h2>
      {items.length === 0 ? (
        <EmptyState compact headingLevel={3} icon={ShieldCheck} title="The review queue is empty." />
      ) : (
        <ul className="flex flex-col gap-4" data-testid="review-queue">
          {items.map((c) => (
            <li key={c.id}>
              <Card data-testid="review-item">
                <CardContent className="grid gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
                  <CreativePreview creative={c} />
                  <div className="flex min-w-0 flex-col gap-3 text-sm">
                    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                      <dt className="text-muted-foreground">Advertiser</dt>
                      <dd className="truncate">{c.advertiserName}</dd>
                      <dt className="text-muted-foreground">Link</dt>
                      <dd className="break-all">
                        <a
                          href={c.destinationUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="underline underline-offset-4"
                        >
                          {c.destinationUrl}
                        </a>
                      </dd>
                      <dt className="text-muted-foreground">Submitted</dt>
                      <dd>
                        <TimeAgo iso={c.submittedAt} />
                      </dd>
                    </dl>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        onClick={() => void approve(c)}
                        disabled={busy === c.id}
                        data-testid="review-approve"
                      >
                        Approve
                      </Button>
                      <RejectDialog creative={c} onDone={refresh} />
                    </div>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
