import { FOLLOW_LABELS, type FollowKind } from "@flipside/contracts/follow-constants";
import { api, isApiError } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";

/**
 * Follows or unfollows (`was`: whether it was followed) and says how it went in a toast; answers
 * whether it worked. The API's reason is shown when it gave one (the limit of follows).
 */
export async function toggleFollow(
  kind: FollowKind,
  id: string,
  name: string,
  was: boolean,
): Promise<boolean> {
  try {
    if (was) await api.delete(`/v1/follows/${kind}/${encodeURIComponent(id)}`);
    else await api.post("/v1/follows", { targetKind: kind, targetId: id });
    notify.success(was ? FOLLOW_LABELS.unfollowed : FOLLOW_LABELS[kind]);
    return true;
  } catch (error) {
    notify.error(
      isApiError(error) && error.status < 500
        ? error.message
        : `Could not ${was ? "unfollow" : "follow"} ${name}. Try again.`,
    );
    return false;
  }
}
