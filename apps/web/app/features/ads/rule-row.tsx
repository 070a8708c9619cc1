import type { ReactNode } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field.tsx";
import { X } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";

/** A select of a rule row, named for screen readers by the row ("Rule 2: kind"). */
export function RuleSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => {
        const chosen = options.find(([option]) => option === e.target.value);
        if (chosen) onChange(chosen[0]);
      }}
      className={cn(inputVariants(), "w-auto pr-8")}
    >
      {options.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </select>
  );
}

/**
 * One rule of a filter list or an audience: its selects, its value and a remove button, with the
 * API's message for it underneath. Test ids: `{testId}` on the row, `{testId}-value` on the value.
 */
export function RuleRow({
  n,
  selects,
  value,
  placeholder,
  error,
  onValue,
  onRemove,
  testId,
}: {
  /** 1-based, as people count. */
  n: number;
  selects: ReactNode;
  value: string;
  placeholder: string;
  error: string | undefined;
  onValue: (value: string) => void;
  onRemove: () => void;
  testId: string;
}) {
  const errorId = `${testId}-${n}-error`;
  return (
    <li className="flex flex-col gap-1" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-2">
        {selects}
        <Input
          aria-label={`Rule ${n}: value`}
          value={value}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onValue(e.target.value)}
          className="min-w-0 flex-1 basis-48"
          data-testid={`${testId}-value`}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Remove rule ${n}`}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
    </li>
  );
}
