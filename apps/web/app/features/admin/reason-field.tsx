import { AUDIT_REASON_MAX } from "@flipside/contracts/admin";
import { useId } from "react";
import { Label } from "../../components/ui/label.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";

/** "Why?" under every admin or moderator decision: the words go to the audit log with it. */
export function ReasonField({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Why? (kept in the audit log)</Label>
      <Textarea
        id={id}
        value={value}
        maxLength={AUDIT_REASON_MAX}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </div>
  );
}
