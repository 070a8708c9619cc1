import { type PaidPlanId, PLAN_RANK, type PlanId } from "@flipside/contracts/billing-constants";
import { formatMoney } from "@flipside/contracts/money-constants";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { Check } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";
import type { Plan } from "./billing-client.ts";

/** What a plan's button does for the site chosen (or for someone with no site to choose). */
export type PlanAction = (plan: Plan, current: PlanId | null) => ReactNode;

/** Free, Pro and Business side by side (a column on a phone), the chosen site's plan marked. */
export function PlanCards({
  plans,
  current,
  action,
}: {
  plans: Plan[];
  /** The chosen site's plan, or null when no site is chosen. */
  current: PlanId | null;
  action: PlanAction;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-3" data-testid="plan-cards">
      {plans.map((plan) => {
        const isCurrent = current === plan.id;
        return (
          <li
            key={plan.id}
            className={cn(
              "flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-xs",
              plan.id === "BUSINESS" && "border-primary/40",
              isCurrent && "ring-2 ring-primary",
            )}
            data-testid="plan-card"
            data-plan={plan.id}
            aria-current={isCurrent ? "true" : undefined}
          >
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between gap-2">
                <h2 className="font-semibold text-lg">{plan.name}</h2>
                {isCurrent ? <Badge variant="success">Current plan</Badge> : null}
              </div>
              <p className="flex items-baseline gap-1">
                <span className="font-semibold text-3xl tabular-nums tracking-tight" data-testid="plan-price">
                  {formatMoney(plan.price, plan.currency)}
                </span>
                <span className="text-muted-foreground text-sm">per website a month</span>
              </p>
            </div>
            <ul className="flex flex-1 flex-col gap-2 text-sm">
              {plan.benefits.map((benefit) => (
                <li key={benefit} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-2">{action(plan, current)}</div>
          </li>
        );
      })}
    </ul>
  );
}

/** "Upgrade to", "Switch to" or "Choose": what moving from `current` to `plan` is. */
export function changeLabel(plan: PaidPlanId, name: string, current: PlanId | null): string {
  if (current === null) return `Choose ${name}`;
  return PLAN_RANK[plan] > PLAN_RANK[current] ? `Upgrade to ${name}` : `Switch to ${name}`;
}
