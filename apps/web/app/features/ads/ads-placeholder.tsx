import { EmptyState } from "../../components/ui/empty-state.tsx";
import type { IconComponent } from "../../components/ui/icons.tsx";
import { AdsScreen } from "./ads-screen.tsx";

/**
 * An ads screen not built yet: the area's access states (signed out, no account, suspended) as
 * on every screen, then an honest "not available yet" (never sample data).
 */
export function AdsPlaceholder(props: {
  title: string;
  description: string;
  icon: IconComponent;
  emptyTitle: string;
  emptyDescription: string;
}) {
  return (
    <AdsScreen title={props.title} description={props.description} icon={props.icon}>
      {() => (
        <EmptyState
          icon={props.icon}
          title={props.emptyTitle}
          description={props.emptyDescription}
          data-testid="placeholder-page"
        />
      )}
    </AdsScreen>
  );
}
