import { data } from "react-router";
import type { Route } from "./+types/slug";

export async function loader({ request }: Route.LoaderArgs) {
  throw data(new URL(request.url).pathname, { status: 404 });
}

export default function Slug() {
  return null;
}
