import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn.ts";
import { CircleAlert } from "./icons.tsx";
import { Label } from "./label.tsx";

/** The message under a field; linked to its control by aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-destructive text-sm" data-slot="field-error">
      <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

/** What the field hands to its control so label, hint and error are tied to it. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Beside the label, e.g. a "Forgot your password?" link. */
  labelAside?: ReactNode;
  /** Invalid even without a message of its own (a checklist shows which rule is broken). */
  invalid?: boolean | undefined;
  /** Another element describing the control (a rules checklist). */
  describedById?: string | undefined;
  /** Tighter spacing and smaller hints, for forms inside panels. */
  compact?: boolean;
  className?: string | undefined;
  /** Rendered after the error (a password checklist, say). */
  children?: ReactNode;
  control: (props: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its hint and error: `aria-invalid` while the error shows, and
 * `aria-describedby` pointing at both so screen readers read them with the field.
 */
export function Field({
  label,
  error,
  hint,
  labelAside,
  invalid,
  describedById,
  compact,
  className,
  children,
  control,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint !== undefined && hintId, error && errorId, describedById]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn("flex flex-col", compact ? "gap-1.5" : "gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {control({
        id,
        "aria-invalid": error || invalid ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hint !== undefined ? (
        <div id={hintId} className={cn("text-muted-foreground", compact ? "text-xs" : "text-sm")}>
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
      {children}
    </div>
  );
}
