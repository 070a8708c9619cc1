import { CircleAlert, Eye, EyeOff } from "lucide-react";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { cn } from "../../lib/cn.ts";

/** A button that looks like a link: it opens a view rather than going to a page. */
export const linkButtonClass =
  "cursor-pointer rounded-sm font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40";

interface FieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered after the input (a password checklist, say), described by the input too. */
  children?: ReactNode;
  labelAside?: ReactNode;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

/** The message under a field; linked to the input by aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-destructive text-sm" data-slot="field-error">
      <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

/**
 * A labelled input with its hint and error: `aria-invalid` while the error shows, and
 * `aria-describedby` pointing at both so screen readers read them with the field.
 */
export function TextField({ label, error, hint, children, labelAside, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
        {...input}
      />
      {hint !== undefined ? (
        <div id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
      {children}
    </div>
  );
}

/** A password input with a show/hide toggle (instead of asking for the password twice). */
export function PasswordField({
  label,
  error,
  hint,
  children,
  labelAside,
  className,
  describedById,
  invalid,
  ...input
}: FieldProps & {
  /** Extra element describing the input (a rules checklist). */
  describedById?: string;
  /** Invalid even without a message of its own (the checklist shows which rule is broken). */
  invalid?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={id}
          type={visible ? "text" : "password"}
          className="pr-10"
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && hintId, error && errorId, describedById)}
          {...input}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
      {hint !== undefined ? (
        <div id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
      {children}
    </div>
  );
}

/** A native checkbox with its label beside it (big enough to hit on a phone). */
export function CheckboxField({
  label,
  className,
  ...input
}: Omit<ComponentProps<"input">, "type" | "id"> & { label: ReactNode }) {
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <input
        id={id}
        type="checkbox"
        className="size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
        {...input}
      />
      <Label htmlFor={id} className="cursor-pointer font-normal">
        {label}
      </Label>
    </div>
  );
}

/** Problems that belong to no single field (an expired link, a rate limit…). */
export function FormAlert({ messages, className }: { messages: readonly string[]; className?: string }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-destructive text-sm",
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </div>
  );
}
