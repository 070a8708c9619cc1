import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { Field } from "../../components/ui/field.tsx";
import { CircleAlert, Eye, EyeOff } from "../../components/ui/icons.tsx";
import { Input } from "../../components/ui/input.tsx";
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

/** A labelled input with its hint and error (see `Field`). */
export function TextField({ label, error, hint, children, labelAside, className, ...input }: FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      labelAside={labelAside}
      className={className}
      control={(a11y) => <Input {...a11y} {...input} />}
    >
      {children}
    </Field>
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
  const [visible, setVisible] = useState(false);
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      labelAside={labelAside}
      invalid={invalid}
      describedById={describedById}
      className={className}
      control={(a11y) => (
        <div className="relative">
          <Input {...a11y} type={visible ? "text" : "password"} className="pr-10" {...input} />
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
            aria-label={visible ? "Hide password" : "Show password"}
            aria-pressed={visible}
            aria-controls={a11y.id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
          </button>
        </div>
      )}
    >
      {children}
    </Field>
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
      <label htmlFor={id} className="cursor-pointer select-none text-sm leading-none">
        {label}
      </label>
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
