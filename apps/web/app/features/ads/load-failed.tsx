import { useRevalidator } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";

/** "Could not load {thing}." with "Try again" (ADS.md §1.0), in place of a screen's list. */
export function LoadFailed({ thing, testId }: { thing: string; testId: string }) {
  const { revalidate, state } = useRevalidator();
  return (
    <Card role="alert" data-testid={testId}>
      <CardContent className="flex flex-col items-start gap-3">
        <p>Could not load {thing}.</p>
        <Button variant="outline" onClick={() => void revalidate()} disabled={state === "loading"}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}
