import { useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Check, Send, X } from "../../components/ui/icons.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { type BetaUser, joiningApi } from "./joining-client.ts";

const STATUS: Record<BetaUser["status"], { label: string; variant: "secondary" | "success" | "warning" }> = {
  PENDING: { label: "Waiting", variant: "secondary" },
  APPROVED: { label: "Approved", variant: "success" },
  REJECTED: { label: "Rejected", variant: "warning" },
};

function Request({ request, onChange }: { request: BetaUser; onChange(): void }) {
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  async function decide(action: "approve" | "reject") {
    setBusy(action);
    try {
      await joiningApi.decide(request.id, action);
      notify.success(
        action === "reject"
          ? `${request.email}: rejected`
          : request.status === "APPROVED"
            ? `A new link was sent to ${request.email}`
            : `Approved: a link was sent to ${request.email}`,
      );
      onChange();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "Nothing was changed. Try again.");
    } finally {
      setBusy(null);
    }
  }
  const status = STATUS[request.status];
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3" data-testid="beta-request">
      <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-all font-medium">{request.email}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
          {request.hasAccount ? <Badge variant="outline">Has an account</Badge> : null}
          {request.usedDate ? <Badge variant="outline">Joined</Badge> : null}
        </div>
        {request.reason ? <p className="whitespace-pre-line text-sm">{request.reason}</p> : null}
        <p className="text-muted-foreground text-xs">
          Asked <TimeAgo iso={request.createdDate} />
          {request.decidedBy && request.decidedDate ? (
            <>
              {" · "}
              {status.label.toLowerCase()} by {request.decidedBy.displayName}{" "}
              <TimeAgo iso={request.decidedDate} />
            </>
          ) : null}
        </p>
      </div>
      <div className="flex gap-2">
        {request.usedDate ? null : (
          <Button
            size="sm"
            loading={busy === "approve"}
            disabled={busy !== null}
            onClick={() => void decide("approve")}
          >
            {request.status === "APPROVED" ? <Send aria-hidden="true" /> : <Check aria-hidden="true" />}
            {request.status === "APPROVED" ? "Send the link again" : "Approve"}
          </Button>
        )}
        {request.status === "REJECTED" || request.usedDate ? null : (
          <Button
            size="sm"
            variant="ghost"
            loading={busy === "reject"}
            disabled={busy !== null}
            onClick={() => void decide("reject")}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        )}
      </div>
    </li>
  );
}

/** The waiting list: who asked, why and when; approve (the link goes by mail) or reject. */
export function BetaRequests({ requests, onChange }: { requests: BetaUser[]; onChange(): void }) {
  return (
    <ul className="flex flex-col divide-y rounded-xl border" data-testid="beta-requests">
      {requests.map((request) => (
        <Request key={request.id} request={request} onChange={onChange} />
      ))}
    </ul>
  );
}
