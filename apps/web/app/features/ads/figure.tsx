import { Card, CardContent } from "../../components/ui/card.tsx";
import { cn } from "../../lib/cn.ts";

/** One figure of the ads screens' cards: its name, the value, and a line saying more. */
export function Figure({
  label,
  value,
  detail,
  sentence = false,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  /** A value in words, set smaller than a figure. */
  sentence?: boolean;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col gap-1">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p
          className={cn(
            "break-words font-semibold tabular-nums",
            sentence ? "text-lg" : "text-xl sm:text-2xl",
          )}
        >
          {value}
        </p>
        {detail ? <p className="text-muted-foreground text-xs">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}
