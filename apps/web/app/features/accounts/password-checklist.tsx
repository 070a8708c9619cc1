import { PASSWORD_RULES } from "@flipside/contracts/accounts";
import { Check, Circle, X } from "../../components/ui/icons.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The password rules (docs/accounts.md#passwords), ticked off live as they are met (the field's own error still only
 * shows on blur). The upper length limit is only listed once it is broken: it is never news.
 */
export function PasswordChecklist({
  id,
  password,
  showProblems,
}: {
  id: string;
  password: string;
  /** After a submit or a blur, unmet rules are shown as problems rather than to-dos. */
  showProblems: boolean;
}) {
  const rules = PASSWORD_RULES.filter((rule) => rule.id !== "maxLength" || !rule.test(password));
  return (
    <ul
      id={id}
      className="flex flex-col gap-1 text-sm"
      data-testid="password-checklist"
      aria-label="Password rules"
    >
      {rules.map((rule) => {
        const met = rule.test(password);
        const Icon = met ? Check : showProblems ? X : Circle;
        return (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-met={met}
            className={cn(
              "flex items-start gap-2",
              met ? "text-success" : showProblems ? "text-destructive" : "text-muted-foreground",
            )}
          >
            <Icon className={cn("mt-0.5 shrink-0", met ? "size-4" : "size-3.5")} aria-hidden="true" />
            <span>
              {rule.message}
              <span className="sr-only">{met ? " (done)" : " (not yet)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
