import { data } from "react-router";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { UserRound } from "../../components/ui/icons.tsx";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/user";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/users/{uuid}` and `/profiles/{uuid}` show the same public profile (docs/discussion.md#model). */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!UUID.test(params.uuid)) throw data(new URL(request.url).pathname, { status: 404 });
  return { id: params.uuid.toLowerCase() };
}

export const meta = () => titleMeta("Profile");

export default function UserDetails({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex size-20 items-center justify-center rounded-2xl border-4 border-background bg-muted text-muted-foreground shadow-sm">
          <UserRound className="size-9" aria-hidden="true" />
        </div>
        <div className="flex flex-col gap-1 pb-1">
          <h1 className="font-semibold text-2xl tracking-tight">Profile</h1>
          <p className="break-all font-mono text-muted-foreground text-xs">{loaderData.id}</p>
        </div>
      </div>
      <EmptyState
        icon={UserRound}
        title="Public profiles are not available yet"
        description="A person's display name, bio and public contributions will be shown here."
      />
    </div>
  );
}
