import type { ShareCode } from "@flipside/contracts/sharing";
import { SHARE_LIMITS, SHARE_MESSAGES } from "@flipside/contracts/sharing-constants";
import { useEffect, useId, useState } from "react";
import { api } from "../../lib/api.ts";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { sendFailure } from "../../lib/send-failure.ts";
import { notify } from "../../lib/toast.ts";
import { writeClipboard } from "../shell/copy-link.tsx";
import { Button } from "../ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../ui/dialog.tsx";
import { Copy, Mail, Share2 } from "../ui/icons.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { Textarea } from "../ui/textarea.tsx";

/**
 * What is shared: a page, a comment (a reply too), another contribution (a review, a related
 * page), which `what` names in the dialog's title, or a public note; `title` names it in the
 * system share sheet.
 */
export type ShareTarget =
  | { kind: "SITE_PAGE" | "COMMENT" | "NOTE"; id: string; title: string }
  | { kind: "CONTRIBUTION"; id: string; title: string; what: string };

const CALLS = {
  SITE_PAGE: { code: "sitePage_id", mail: "/v1/site-page-shares/mail", field: "sitePage_id", what: "page" },
  COMMENT: {
    code: "commentId",
    mail: "/v1/site-page-comment-shares/mail",
    field: "commentId",
    what: "comment",
  },
  CONTRIBUTION: {
    code: "contributionId",
    mail: "/v1/contribution-shares/mail",
    field: "contributionId",
    what: "contribution",
  },
  NOTE: { code: "noteId", mail: "/v1/note-shares/mail", field: "noteId", what: "note" },
} as const;

/** A first check before asking the server, which checks properly. */
const LOOKS_LIKE_AN_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Addresses as people paste them: separated by commas, semicolons, spaces or lines. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * Share a page, a contribution or a public note (docs/sharing.md): its short link to copy or hand to the system's
 * share sheet, or a mail from one fixed template to up to 5 addresses with a short message.
 */
export function ShareDialog({
  open,
  onOpenChange,
  target,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  target: ShareTarget;
}) {
  const user = useShellUser();
  const call = CALLS[target.kind];
  const [link, setLink] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [to, setTo] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const toId = useId();
  const messageId = useId();
  const problemId = useId();
  const canShareNatively = typeof navigator !== "undefined" && typeof navigator.share === "function";

  useEffect(() => {
    if (!open || link) return;
    let live = true;
    api.get<ShareCode>("/v1/share-codes", { query: { [call.code]: target.id } }).then(
      (code) => live && setLink(new URL(code.path, window.location.origin).href),
      () => live && setLinkProblem("The link could not be made. Try again in a moment."),
    );
    return () => {
      live = false;
    };
  }, [open, link, call.code, target.id]);

  async function copy() {
    if (!link) return;
    try {
      await writeClipboard(link);
      notify.success(SHARE_MESSAGES.copied);
    } catch {
      notify.error("Could not copy the link");
    }
  }

  async function shareNatively() {
    if (!link) return;
    try {
      await navigator.share({ title: target.title, url: link });
    } catch {
      // Closed without choosing: nothing to say.
    }
  }

  async function send() {
    const addresses = splitAddresses(to);
    if (addresses.length === 0) return setProblem(SHARE_MESSAGES.recipientsRequired);
    if (addresses.length > SHARE_LIMITS.recipientsMax) return setProblem(SHARE_MESSAGES.tooManyRecipients);
    const wrong = addresses.find((a) => !LOOKS_LIKE_AN_ADDRESS.test(a));
    if (wrong) return setProblem(`${wrong} is not a mail address.`);
    setBusy(true);
    setProblem(null);
    try {
      await api.post(call.mail, {
        [call.field]: target.id,
        to: addresses,
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      notify.success(SHARE_MESSAGES.sent);
      setTo("");
      setMessage("");
      onOpenChange(false);
    } catch (error) {
      setProblem(sendFailure(error, "The mail was not sent. Try again.", () => onOpenChange(false)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>{`Share this ${"what" in target ? target.what : call.what}`}</DialogTitle>
          <DialogDescription>Anyone with the link sees it on Flipside, signed in or not.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <Input
              readOnly
              value={link ?? ""}
              placeholder={linkProblem ? "" : "Making the link…"}
              aria-label="Share link"
              data-testid="share-link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={copy} disabled={!link} data-testid="share-copy">
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
          {linkProblem ? (
            <p role="alert" className="text-destructive text-sm">
              {linkProblem}
            </p>
          ) : null}
          {canShareNatively ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="self-start"
              onClick={shareNatively}
              disabled={!link}
            >
              <Share2 aria-hidden="true" />
              More ways to share…
            </Button>
          ) : null}
        </div>
        {user ? (
          <form
            className="flex flex-col gap-3 border-t pt-4"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor={toId}>Send by mail to</Label>
              <Input
                id={toId}
                type="text"
                inputMode="email"
                autoComplete="off"
                value={to}
                placeholder="friend@example.com, colleague@example.com"
                onChange={(e) => setTo(e.target.value)}
                aria-describedby={problem ? problemId : undefined}
                data-testid="share-to"
              />
              <span className="text-muted-foreground text-xs">{`Up to ${SHARE_LIMITS.recipientsMax} addresses. We use them for this mail only.`}</span>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={messageId}>Message (optional)</Label>
              <Textarea
                id={messageId}
                value={message}
                maxLength={SHARE_LIMITS.messageMax}
                onChange={(e) => setMessage(e.target.value)}
                data-testid="share-message"
              />
              <span className="text-muted-foreground text-xs">{`${message.length} / ${SHARE_LIMITS.messageMax}`}</span>
            </div>
            {problem ? (
              <p id={problemId} role="alert" className="text-destructive text-sm">
                {problem}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                Close
              </Button>
              <Button type="submit" loading={busy} data-testid="share-send">
                <Mail aria-hidden="true" />
                Send
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <p className="border-t pt-4 text-muted-foreground text-sm">
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => {
                onOpenChange(false);
                authDialogs.openLogin();
              }}
            >
              Log in
            </button>{" "}
            to send it by mail.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
