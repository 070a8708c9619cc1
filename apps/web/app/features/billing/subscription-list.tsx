import { PLAN_NAMES } from "@flipside/contracts/billing-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import { useState } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Gem } from "../../components/ui/icons.tsx";
import { isApiError } from "../../lib/api.ts";
import { formatAbsolute } from "../../lib/relative-time.ts";
import { notify } from "../../lib/toast.ts";
import { billingApi, checkoutPath, type Subscription } from "./billing-client.ts";

/** Where a plan stands, in words: renews, ends, unpaid, or ended. */
function stateOf(s: Subscription): {
  label: string;
  variant: "success" | "warning" | "destructive" | "outline";
  line: string;
} {
  const price = `${formatMoney(s.price, s.currency)} a month before tax`;
  if (s.status === "ENDED") {
    const why =
      s.endReason === "UNPAID"
        ? " (renewal unpaid)"
        : s.endReason === "SITE_LOST"
          ? " (site no longer yours)"
          : "";
    return {
      label: "Ended",
      variant: "outline",
      line: `Ended ${formatAbsolute(s.endedDate ?? s.currentPeriodEnd)}${why}.`,
    };
  }
  if (s.status === "PAST_DUE") {
    return {
      label: "Payment due",
      variant: "destructive",
      line: `The renewal of ${formatAbsolute(s.currentPeriodEnd)} is not paid: add money to the wallet. It is tried again every day; the plan ends on ${formatAbsolute(s.graceUntil ?? s.currentPeriodEnd)} if it stays unpaid.`,
    };
  }
  if (s.cancelAtPeriodEnd) {
    return {
      label: "Ends",
      variant: "warning",
      line: `Ends ${formatAbsolute(s.currentPeriodEnd)}; nothing more is charged.`,
    };
  }
  if (s.nextPlan) {
    return {
      label: "Active",
      variant: "success",
      line: `Moves to ${PLAN_NAMES[s.nextPlan]} on ${formatAbsolute(s.currentPeriodEnd)}. ${price} until then.`,
    };
  }
  return {
    label: "Active",
    variant: "success",
    line: `Renews ${formatAbsolute(s.currentPeriodEnd)}; ${price}.`,
  };
}

/** The sites' paid plans: what each costs, when it renews or ends, and cancel or resume. */
export function SubscriptionList({
  subscriptions,
  onChange,
}: {
  subscriptions: Subscription[];
  onChange(): void;
}) {
  if (subscriptions.length === 0) {
    return (
      <EmptyState
        compact
        headingLevel={3}
        icon={Gem}
        title="No paid plans"
        description="Every verified website is on Free. Pro and Business are per site, monthly."
        action={
          <Button asChild variant="outline" size="sm">
            <AppLink to="/plans">See the plans</AppLink>
          </Button>
        }
        data-testid="subscriptions-empty"
      />
    );
  }
  return (
    <ul className="flex flex-col divide-y rounded-lg border" data-testid="subscriptions">
      {subscriptions.map((s) => (
        <SubscriptionRow key={s.id} subscription={s} onChange={onChange} />
      ))}
    </ul>
  );
}

function SubscriptionRow({ subscription: s, onChange }: { subscription: Subscription; onChange(): void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const state = stateOf(s);

  async function act(action: "cancel" | "resume") {
    setBusy(true);
    try {
      const next = await billingApi[action](s.id);
      notify.success(
        action === "resume"
          ? `${PLAN_NAMES[s.plan]} on ${s.domain} renews again`
          : next.status === "ENDED"
            ? `${PLAN_NAMES[s.plan]} on ${s.domain} has ended`
            : `${PLAN_NAMES[s.plan]} on ${s.domain} ends ${formatAbsolute(next.currentPeriodEnd)}`,
      );
      setConfirming(false);
      onChange();
    } catch (error) {
      notify.error(isApiError(error) ? error.message : "Nothing was changed. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 p-4" data-testid="subscription" data-domain={s.domain}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{s.domain}</span>
        <Badge variant="secondary">{PLAN_NAMES[s.plan]}</Badge>
        <Badge variant={state.variant} data-testid="subscription-state">
          {state.label}
        </Badge>
      </div>
      <p className="text-muted-foreground text-sm" data-testid="subscription-line">
        {state.line}
      </p>
      {s.canManage && s.status !== "ENDED" ? (
        <div className="flex flex-wrap gap-2">
          {s.cancelAtPeriodEnd ? (
            <Button
              size="sm"
              loading={busy}
              onClick={() => void act("resume")}
              data-testid="subscription-resume"
            >
              Resume
            </Button>
          ) : (
            <>
              {s.status === "ACTIVE" ? (
                <Button asChild size="sm" variant="outline">
                  <AppLink to={checkoutPath(s.domain, s.plan === "PRO" ? "BUSINESS" : "PRO")}>
                    {s.plan === "PRO" ? "Upgrade to Business" : "Switch to Pro"}
                  </AppLink>
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setConfirming(true)}
                data-testid="subscription-cancel"
              >
                Cancel plan
              </Button>
            </>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Cancel ${PLAN_NAMES[s.plan]} on ${s.domain}?`}
        description={
          s.status === "PAST_DUE"
            ? "Its renewal is unpaid, so the plan ends now and nothing more is charged."
            : `It stays ${PLAN_NAMES[s.plan]} until ${formatAbsolute(s.currentPeriodEnd)}, then moves to Free; nothing more is charged. You can resume it until then.`
        }
        cancelLabel="Keep it"
        confirmLabel="Cancel plan"
        destructive
        onConfirm={() => act("cancel")}
        confirmTestId="subscription-cancel-confirm"
      />
    </li>
  );
}
