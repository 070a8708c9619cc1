import { AppLink } from "../../components/shell/app-link.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useContributionGate } from "./contribution-gate.ts";

/** tab-plus: the signed-in user's custom tabs live in the profile (the profile area). */
export function CustomTabsPlaceholder() {
  const gate = useContributionGate();
  return (
    <EmptyState
      headingLevel={3}
      title="Custom tabs come with your profile"
      description="Save a filter over a page's contributions, such as “expert reviews” or “my organisation's notes”, and it shows up here as a tab on every page."
      data-testid="tab-plus-placeholder"
      action={
        gate.user ? (
          <Button asChild variant="outline">
            <AppLink to="/profile/tabs">Manage my tabs</AppLink>
          </Button>
        ) : (
          <Button variant="outline" onClick={() => gate.requireUser()}>
            Log in
          </Button>
        )
      }
    />
  );
}
