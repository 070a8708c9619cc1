import { redirect } from "react-router";
import { JoinChoices, JoinIntro } from "../../features/joining/join-page.tsx";
import { hasAppFlag, withAppFlagSearch } from "../../lib/app-mode.ts";
import { titleMeta } from "../../lib/page-title.ts";
import type { Route } from "./+types/join-app";

/** The extension or a mobile shell opens this: it is app mode (SPEC.md §4) even when they forget `app=1`. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!hasAppFlag(url.search)) throw redirect(`${url.pathname}${withAppFlagSearch(url.search)}`);
  return null;
}

export const meta = () => titleMeta("Join from the app");

/** The same ways in as /join; app mode sticks through the code and the sign-up. */
export default function Page() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8" data-testid="join-page">
      <JoinIntro />
      <JoinChoices />
    </div>
  );
}
