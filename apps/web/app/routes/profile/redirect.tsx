import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

/** docs/web-app.md#routes-and-layouts: any other /profile/... path goes to the profile home (keeping the query). */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(`/profile${new URL(request.url).search}`);
}
