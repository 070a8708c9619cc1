import { inputVariants } from "../../components/ui/input.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The "Show" select of the admin lists: which slice of the list a GET form asks for (`?show=`).
 * Options are `[value, label]` pairs, in the order shown.
 */
export function ShowSelect({
  value,
  options,
  testId,
  className,
}: {
  value: string;
  options: readonly (readonly [string, string])[];
  testId: string;
  className?: string;
}) {
  return (
    <label className={cn("flex w-40 flex-col gap-1 text-sm", className)}>
      <span className="font-medium">Show</span>
      <select name="show" defaultValue={value} className={cn(inputVariants(), "pr-8")} data-testid={testId}>
        {options.map(([option, label]) => (
          <option key={option} value={option}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
