import { JoinChoices, JoinIntro } from "../../features/joining/join-page.tsx";
import { titleMeta } from "../../lib/page-title.ts";

export const meta = () => titleMeta("Join");

/** docs/joining.md: what Flipside is, and the ways in. */
export default function Page() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8" data-testid="join-page">
      <JoinIntro />
      <JoinChoices />
    </div>
  );
}
