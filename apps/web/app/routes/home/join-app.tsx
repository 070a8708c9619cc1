import { JoinChoices, JoinIntro } from "../../features/joining/join-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Join from the app");

/**
 * Opened from the extension or a mobile shell, which add `app=1` (SPEC.md §4) so app mode sticks
 * through the code and the sign-up: the same ways in as /join.
 */
export default function Page() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8" data-testid="join-page">
      <JoinIntro />
      <JoinChoices />
    </div>
  );
}
