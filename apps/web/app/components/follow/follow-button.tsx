import type { FollowKind } from "@flipside/contracts/follow-constants";
import { useState } from "react";
import { authDialogs } from "../../lib/auth-dialog-store.ts";
import { useShellUser, useViewerPending } from "../../lib/root-data.ts";
import { notify } from "../../lib/toast.ts";
import { Button } from "../ui/button.tsx";
import { BellPlus, BellRing } from "../ui/icons.tsx";

/** The call and its toasts come on the first click (the page view's script budget). */
const loadToggle = () => import("./follow-toggle.ts");

/**
 * "Follow" / "Following" for a page, a site or a person (docs/follows.md): a toggle button
 * (`aria-pressed`) whose state its owner keeps (`following`: null while not known yet, as for a
 * visitor signed out). Signed out, it opens sign-in. `name` says what is followed to assistive
 * technology ("Follow example.com"); pressed, the same name and `aria-pressed` say it is followed.
 */
export function FollowButton({
  kind,
  id,
  name,
  following,
  onChange,
  label = "Follow",
  variant = "outline",
  testId = "follow",
}: {
  kind: FollowKind;
  id: string;
  name: string;
  following: boolean | null;
  onChange(following: boolean): void;
  label?: string;
  variant?: "outline" | "ghost";
  testId?: string;
}) {
  const user = useShellUser();
  // Who is signed in is still being asked (a shared page view): no login dialog for a member.
  const pending = useViewerPending();
  const [busy, setBusy] = useState(false);
  if (kind === "PERSON" && user?.id === id) return null;

  async function toggle() {
    if (!user) {
      authDialogs.openLogin();
      return;
    }
    const was = following === true;
    setBusy(true);
    onChange(!was);
    try {
      if (!(await (await loadToggle()).toggleFollow(kind, id, name, was))) onChange(was);
    } catch {
      onChange(was);
      notify.error(`Could not ${was ? "unfollow" : "follow"} ${name}. Check your connection and try again.`);
    } finally {
      setBusy(false);
    }
  }

  const on = following === true;
  return (
    <Button
      type="button"
      variant={on ? "secondary" : variant}
      size="sm"
      aria-pressed={user ? on : undefined}
      aria-label={`${label} ${name}`}
      aria-busy={busy || undefined}
      disabled={busy || pending || (user !== null && following === null)}
      onClick={toggle}
      data-testid={testId}
    >
      {on ? <BellRing aria-hidden="true" /> : <BellPlus aria-hidden="true" />}
      {on ? "Following" : label}
    </Button>
  );
}
