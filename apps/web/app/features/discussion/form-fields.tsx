import type { ComponentProps, ReactNode } from "react";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";

/** docs/accounts.md#passwords: forms validate on blur and on change, not on every keystroke before that. */
export const FORM_MODE = { mode: "onBlur", reValidateMode: "onChange" } as const;

export { FieldError } from "../../components/ui/field.tsx";

interface FieldShellProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: FieldShellProps & Omit<ComponentProps<"input">, "id">) {
  return (
    <Field
      compact
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(a11y) => <Input {...a11y} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: FieldShellProps & Omit<ComponentProps<"textarea">, "id">) {
  return (
    <Field
      compact
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(a11y) => <Textarea {...a11y} {...textarea} />}
    />
  );
}

/** Puts the server's field errors (a 400's `errors`) on the form's fields. */
export function applyFieldErrors<F extends string>(
  fields: Record<string, string>,
  known: readonly F[],
  setError: (field: F, error: { type: string; message: string }) => void,
): boolean {
  let applied = false;
  for (const [field, message] of Object.entries(fields)) {
    if ((known as readonly string[]).includes(field)) {
      setError(field as F, { type: "server", message });
      applied = true;
    }
  }
  return applied;
}
