import { data } from "react-router";
import { PlaceholderPage } from "../../components/shell/placeholder-page.tsx";
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
    <PlaceholderPage
      title="Profile"
      description={<span className="break-all font-mono text-xs">{loaderData.id}</span>}
      icon={UserRound}
      emptyTitle="Public profiles are not available yet"
      emptyDescription="A person's display name, bio and public contributions will be shown here."
    />
  );
}
