import type { SitePageView } from "@flipside/contracts/discussion";
import { OWNER_INVITE_MESSAGE_MAX_LENGTH, WEBSITE_MESSAGES } from "@flipside/contracts/website-proof";
import { type FormEvent, useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { ShieldCheck, Tag } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { api } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { useContributionGate } from "./contribution-gate.ts";

/**
 * "Know who runs it?": mails the site's owner an invitation to verify it
 * (POST /v1/site-verifications/invite/, docs/websites.md#inviting-an-owner).
 */
function InviteOwnerForm({ page, onSent }: { page: SitePageView; onSent(): void }) {
  const gate = useContributionGate();
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ email: WEBSITE_MESSAGES.inviteEmailRequired });
      return;
    }
    setSending(true);
    try {
      const sent = await api.post<{ message: string }>("/v1/site-verifications/invite/", {
        sitePage_id: page.id,
        email: email.trim(),
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      notify.success(sent.message);
      onSent();
    } catch (error) {
      setErrors(gate.report(error, "The invitation was not sent. Try again.", ["email", "message"]));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={gate.guardSubmit(submit)}
      noValidate
      className="flex flex-col gap-3 border-t pt-4"
      data-testid="invite-owner-form"
    >
      <p className="font-medium text-sm">Know who runs it? Invite them to verify it.</p>
      <Field
        compact
        label="Their e-mail address"
        error={errors.email}
        control={(props) => (
          <Input
            {...props}
            {...gate.fieldLock}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors({});
            }}
            data-testid="invite-email"
          />
        )}
      />
      <Field
        compact
        label="A few words from you (optional)"
        error={errors.message}
        hint={`${message.length} / ${OWNER_INVITE_MESSAGE_MAX_LENGTH}, sent as plain text`}
        control={(props) => (
          <Textarea
            {...props}
            {...gate.fieldLock}
            maxLength={OWNER_INVITE_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            data-testid="invite-message"
          />
        )}
      />
      <Button
        type="submit"
        variant="outline"
        loading={sending}
        className="self-start"
        data-testid="invite-submit"
      >
        Send invitation
      </Button>
    </form>
  );
}

/** "I own this site": how an owner verifies a site and answers officially. */
export function OwnerDialog({
  page,
  open,
  onOpenChange,
}: {
  page: SitePageView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const gate = useContributionGate();
  const verified = page.site.verificationStatus === "VERIFIED";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="owner-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-success" aria-hidden="true" />
            {verified ? `${page.site.domain} is verified` : `Do you own ${page.site.domain}?`}
          </DialogTitle>
          <DialogDescription>
            {verified
              ? "Its owner verified it on Flipside: their comments and reviews on its pages are marked as official responses and shown first."
              : "Verify it with a DNS record, a meta tag or a file on the site. Then your comments and reviews on its pages are marked as official responses and shown first."}
          </DialogDescription>
        </DialogHeader>
        {verified ? null : <InviteOwnerForm page={page} onSent={() => onOpenChange(false)} />}
        {verified ? null : (
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Not now
            </Button>
            {gate.user ? (
              <Button asChild onClick={() => onOpenChange(false)}>
                <AppLink to={`/profile/websites/claim?address=${page.site.domain}`}>Claim this site</AppLink>
              </Button>
            ) : (
              <Button
                onClick={() => {
                  onOpenChange(false);
                  gate.requireUser();
                }}
              >
                Log in to claim it
              </Button>
            )}
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Suggest a topic": topics come with their own feature; until then the dialog says so plainly. */
export function SuggestionsDialog({
  page,
  open,
  onOpenChange,
}: {
  page: SitePageView;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="suggestions-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Tag className="size-5 text-primary" aria-hidden="true" />
            Suggest a topic for {page.site.domain}
          </DialogTitle>
          <DialogDescription>
            Topics are not open yet. When they are, you will suggest them here, and the ones most people agree
            on will show on every page of the site.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Got it</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
