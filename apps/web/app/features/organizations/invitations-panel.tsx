import { ORGANIZATION_MESSAGES, ROLE_LABELS } from "@flipside/contracts/organization-constants";
import { type FormEvent, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Mail, RefreshCw, Send, X } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { isApiError } from "../../lib/api.ts";
import { cn } from "../../lib/cn.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import {
  type OrganizationDetail,
  type OrganizationInvitation,
  organizationsApi,
} from "./organizations-client.ts";

const STATUS: Record<
  OrganizationInvitation["status"],
  { label: string; variant: "secondary" | "success" | "warning" | "destructive" | "outline" }
> = {
  PENDING: { label: "Waiting", variant: "warning" },
  ACCEPTED: { label: "Accepted", variant: "success" },
  DECLINED: { label: "Declined", variant: "secondary" },
  REVOKED: { label: "Withdrawn", variant: "outline" },
  EXPIRED: { label: "Expired", variant: "destructive" },
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite by mail, and the invitations sent: resend a waiting or expired one, withdraw a waiting one. */
export function InvitationsPanel({
  org,
  invitations,
  onChange,
}: {
  org: OrganizationDetail;
  invitations: OrganizationInvitation[];
  onChange(): void;
}) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"MEMBER" | "ADMIN">("MEMBER");
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<OrganizationInvitation | null>(null);

  async function invite(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return setError(ORGANIZATION_MESSAGES.emailRequired);
    if (!EMAIL.test(address)) return setError("Enter a valid email address");
    setSending(true);
    try {
      await organizationsApi.invite(org.id, address, role);
      notify.success(`Invitation sent to ${address}`);
      setEmail("");
      setError(undefined);
      onChange();
    } catch (err) {
      setError(
        isApiError(err) ? (err.fieldErrors.email ?? err.message) : "The invitation was not sent. Try again.",
      );
    } finally {
      setSending(false);
    }
  }

  async function resend(invitation: OrganizationInvitation) {
    setBusy(invitation.id);
    try {
      await organizationsApi.resend(org.id, invitation.id);
      notify.success(`A new link went to ${invitation.email}; the earlier one no longer works`);
      onChange();
    } catch (err) {
      notify.error(isApiError(err) ? err.message : "The invitation was not sent. Try again.");
    } finally {
      setBusy(null);
    }
  }

  async function revoke(invitation: OrganizationInvitation) {
    try {
      await organizationsApi.revoke(org.id, invitation.id);
    } catch (err) {
      notify.error(isApiError(err) ? err.message : "The invitation was not withdrawn. Try again.");
      throw err;
    }
    notify.success(`The invitation to ${invitation.email} is withdrawn`);
    onChange();
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="font-semibold text-lg">
        Invitations
      </h2>
      <form
        onSubmit={invite}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        data-testid="invite-form"
      >
        <Field
          className="flex-1"
          label="E-mail address"
          error={error}
          hint="They get a mail with a link that works once, for 7 days. No account yet? They can create one from it."
          control={(props) => (
            <Input
              {...props}
              type="email"
              name="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              data-testid="invite-email"
            />
          )}
        />
        <label className="flex flex-col gap-2 text-sm sm:w-36">
          <span className="font-medium">Role</span>
          <select
            className={cn(inputVariants(), "pr-8")}
            value={role}
            onChange={(e) => setRole(e.target.value as "MEMBER" | "ADMIN")}
            data-testid="invite-role"
          >
            <option value="MEMBER">{ROLE_LABELS.MEMBER}</option>
            <option value="ADMIN">{ROLE_LABELS.ADMIN}</option>
          </select>
        </label>
        <Button type="submit" loading={sending} className="sm:mt-7" data-testid="invite-submit">
          <Send aria-hidden="true" />
          Send invitation
        </Button>
      </form>

      {invitations.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          icon={Mail}
          title="No invitations sent yet"
          description="Invitations you send show here with what became of them."
        />
      ) : (
        <ul className="divide-y rounded-xl border" data-testid="invitations-list">
          {invitations.map((inv) => {
            const status = STATUS[inv.status];
            const open = inv.status === "PENDING" || inv.status === "EXPIRED";
            return (
              <li
                key={inv.id}
                className="flex flex-wrap items-center gap-3 p-4"
                data-testid="invitation"
                data-email={inv.email}
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{inv.email}</span>
                  <span className="text-muted-foreground text-xs">
                    {`${ROLE_LABELS[inv.role]} · sent ${formatAbsolute(inv.sentDate)}${inv.inviter ? ` by ${inv.inviter.displayName}` : ""}${inv.status === "PENDING" ? ` · valid until ${formatAbsolute(inv.expiresDate)}` : ""}`}
                  </span>
                </span>
                <Badge variant={status.variant} data-testid="invitation-status">
                  {status.label}
                </Badge>
                {open ? (
                  <Button
                    variant="outline"
                    size="sm"
                    loading={busy === inv.id}
                    onClick={() => void resend(inv)}
                    data-testid="resend-invitation"
                  >
                    <RefreshCw aria-hidden="true" />
                    Resend
                  </Button>
                ) : null}
                {inv.status === "PENDING" ? (
                  <Button
                    variant="ghost-destructive"
                    size="sm"
                    onClick={() => setRevoking(inv)}
                    data-testid="revoke-invitation"
                  >
                    <X aria-hidden="true" />
                    Withdraw
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title={`Withdraw the invitation to ${revoking?.email ?? ""}?`}
        description="Its link stops working at once. You can invite the address again later."
        confirmLabel="Withdraw"
        cancelLabel="Keep it"
        destructive
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
      />
    </section>
  );
}
