import type { ReactNode } from "react";
import { EmptyState } from "../ui/empty-state.tsx";
import type { IconComponent } from "../ui/icons.tsx";
import { PageHeading } from "./page-heading.tsx";

/**
 * A page whose feature has not been built yet: its real heading, then an honest empty state
 * saying what the page will be for. Never sample data.
 */
export function PlaceholderPage({
  title,
  description,
  icon,
  emptyTitle,
  emptyDescription,
  action,
  headingActions,
}: {
  title: string;
  description?: ReactNode;
  icon: IconComponent;
  emptyTitle: string;
  emptyDescription: ReactNode;
  action?: ReactNode;
  headingActions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6" data-testid="placeholder-page">
      <PageHeading title={title} description={description} actions={headingActions} />
      <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} action={action} />
    </div>
  );
}
