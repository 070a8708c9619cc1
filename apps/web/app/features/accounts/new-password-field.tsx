import { PASSWORD_RULES } from "@flipside/contracts/accounts";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { PasswordField } from "./form-fields.tsx";
import { PasswordChecklist } from "./password-checklist.tsx";

const RULE_MESSAGES = new Set(PASSWORD_RULES.map((rule) => rule.message));

/**
 * A new password with the password rules (docs/accounts.md#passwords) listed under it and ticked off as they are met. A broken
 * rule is shown in the list (not repeated as a message); anything else (the server's
 * common-password check) is shown as the field's message.
 */
export function NewPasswordField({
  label,
  value,
  error,
  registration,
}: {
  label: string;
  value: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const checklistId = useId();
  const ruleBroken = error !== undefined && RULE_MESSAGES.has(error);
  return (
    <PasswordField
      label={label}
      autoComplete="new-password"
      placeholder="Password"
      error={ruleBroken ? undefined : error}
      invalid={error !== undefined}
      describedById={checklistId}
      {...registration}
    >
      <PasswordChecklist id={checklistId} password={value} showProblems={error !== undefined} />
    </PasswordField>
  );
}
