import type { FollowKind } from "@flipside/contracts/follow-constants";
import { useEffect, useState } from "react";
import { api } from "../../lib/api.ts";
import { useShellUser } from "../../lib/root-data.ts";
import { FollowButton } from "./follow-button.tsx";

/**
 * A follow button that asks by itself whether the viewer follows (after hydration: the page's
 * HTML is the same for everyone). The page view does not use it: its own call says so.
 */
export function FollowButtonAsking(props: { kind: FollowKind; id: string; name: string; testId?: string }) {
  const user = useShellUser();
  const signedIn = user !== null;
  const [following, setFollowing] = useState<boolean | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api.list("/v1/follows", { targetKind: props.kind, targetId: props.id, size: 1 }).then(
      (page) => live && setFollowing(page.total > 0),
      () => live && setFollowing(false),
    );
    return () => {
      live = false;
    };
  }, [signedIn, props.kind, props.id]);
  return <FollowButton {...props} following={following} onChange={setFollowing} />;
}
