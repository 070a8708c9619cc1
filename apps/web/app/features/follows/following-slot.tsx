import { type ComponentType, useEffect, useState } from "react";
import { useShellUser } from "../../lib/root-data.ts";

/**
 * Where the front page shows "Following" to a signed-in visitor. The feed's code is fetched only
 * for them and only then (the page view shares this route and its script budget); if it cannot
 * come (offline), nothing shows rather than an error page.
 */
export function FollowingSlot() {
  const user = useShellUser();
  const [Feed, setFeed] = useState<ComponentType | null>(null);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    import("./following-feed.tsx").then(
      (code) => live && setFeed(() => code.FollowingFeed),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  return signedIn && Feed ? <Feed /> : null;
}
