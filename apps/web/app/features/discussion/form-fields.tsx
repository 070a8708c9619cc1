import { CircleAlert } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { cn } from "../../lib/cn.ts";

/** SPEC.md §5: forms validate on blur and on change, not on every keystroke before that. */
export const FORM_MODE = { mode: "onBlur", reValidateMode: "onChange" } as const;

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-destructive text-sm" data-slot="field-error">
      <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

interface FieldShellProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

function describedBy(hintId: string | false, errorId: string | false): string | undefined {
  return [hintId, errorId].filter(Boolean).join(" ") || undefined;
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: FieldShellProps & Omit<ComponentProps<"input">, "id">) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, Boolean(error) && `${id}-error`)}
        {...input}
      />
      {hint !== undefined ? (
        <div id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...textarea
}: FieldShellProps & Omit<ComponentProps<"textarea">, "id">) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, Boolean(error) && `${id}-error`)}
        {...textarea}
      />
      {hint !== undefined ? (
        <div id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
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
