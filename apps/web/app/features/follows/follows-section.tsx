import { FOLLOW_LABELS, type FollowKind } from "@flipside/contracts/follow-constants";
import type { Follow, Follower } from "@flipside/contracts/follows";
import { pageViewPath } from "@flipside/contracts/page-paths";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { BellPlus, Globe, Users } from "../../components/ui/icons.tsx";
import { ShowMore } from "../../components/ui/show-more.tsx";
import type { ListPage } from "../../lib/api.ts";
import { follows } from "../../lib/follows-client.ts";
import { useGrowingList } from "../../lib/growing-list.ts";
import { notify } from "../../lib/toast.ts";

/** How many follows and followers the profile shows at first and adds with "Show more". */
export const FOLLOWS_PAGE_SIZE = 20;

const KIND_LABEL: Record<FollowKind, string> = { PAGE: "Page", SITE: "Site", PERSON: "Person" };

/** Where a followed thing lives, and its name. */
function target(follow: Follow): { name: string; to: string } {
  if (follow.page)
    return {
      name: follow.page.title?.trim() || follow.page.displayUrl,
      to: pageViewPath(follow.page.normalizedUrl),
    };
  if (follow.site)
    return {
      name: follow.site.domain,
      to: `/trending?${new URLSearchParams({ site: follow.site.domain }).toString()}`,
    };
  return { name: follow.person?.displayName ?? "", to: `/users/${follow.targetId}` };
}

/**
 * "Following" and "Followers" on the profile home (docs/follows.md): what the person follows, each
 * with Unfollow, and who follows them. Both are theirs alone.
 */
export function FollowsSection({
  following,
  followers,
}: {
  following: ListPage<Follow>;
  followers: ListPage<Follower>;
}) {
  const mine = useGrowingList(
    following,
    (page) => follows.list({ page, size: FOLLOWS_PAGE_SIZE }),
    (f) => `${f.targetKind}-${f.targetId}`,
  );
  const theirs = useGrowingList(
    followers,
    (page) => follows.followers({ page, size: FOLLOWS_PAGE_SIZE }),
    (f) => f.person.id,
  );

  async function unfollow(follow: Follow) {
    try {
      await follows.unfollow(follow.targetKind, follow.targetId);
      mine.setItems((items) => items.filter((f) => f !== follow));
      mine.setTotal((n) => n - 1);
      notify.success(FOLLOW_LABELS.unfollowed);
    } catch {
      notify.error(`Could not unfollow ${target(follow).name}. Try again.`);
    }
  }

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <section
        aria-labelledby="following-heading"
        className="flex min-w-0 flex-col gap-3"
        data-testid="profile-following"
      >
        <h2 id="following-heading" className="font-semibold text-lg">
          Following <span className="font-normal text-muted-foreground">{mine.total}</span>
        </h2>
        {mine.items.length === 0 ? (
          <EmptyState
            compact
            headingLevel={3}
            icon={BellPlus}
            title="You follow nothing yet"
            description="Follow a page, a site or a person: their new discussion shows on your front page."
          />
        ) : (
          <ul className="flex flex-col divide-y rounded-xl border bg-card" data-testid="following-list">
            {mine.items.map((follow) => {
              const { name, to } = target(follow);
              return (
                <li
                  key={`${follow.targetKind}-${follow.targetId}`}
                  className="flex min-w-0 items-center gap-3 px-3 py-2"
                  data-testid="following-item"
                  data-kind={follow.targetKind}
                >
                  {follow.person ? (
                    <Avatar name={follow.person.displayName} imageUrl={follow.person.imageUrl} />
                  ) : (
                    <Globe className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <div className="flex min-w-0 flex-1 flex-col">
                    <AppLink to={to} className="truncate font-medium text-sm hover:underline">
                      {name}
                    </AppLink>
                    <span className="text-muted-foreground text-xs">
                      {KIND_LABEL[follow.targetKind]}
                      {follow.page ? ` · ${follow.page.domain}` : ""}
                    </span>
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => unfollow(follow)}
                    aria-label={`Unfollow ${name}`}
                    data-testid="unfollow"
                  >
                    Unfollow
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <ShowMore
          shown={mine.items.length}
          total={mine.total}
          loading={mine.loading}
          onMore={mine.more}
          testId="following-more"
        />
      </section>

      <section
        aria-labelledby="followers-heading"
        className="flex min-w-0 flex-col gap-3"
        data-testid="profile-followers"
      >
        <h2 id="followers-heading" className="font-semibold text-lg">
          Followers <span className="font-normal text-muted-foreground">{theirs.total}</span>
        </h2>
        {theirs.items.length === 0 ? (
          <EmptyState
            compact
            headingLevel={3}
            icon={Users}
            title="No followers yet"
            description="People who follow you see what you write on their front page. Only you see who they are."
          />
        ) : (
          <ul className="flex flex-col divide-y rounded-xl border bg-card" data-testid="followers-list">
            {theirs.items.map((follower) => (
              <li
                key={follower.person.id}
                className="flex min-w-0 items-center gap-3 px-3 py-2"
                data-testid="follower-item"
              >
                <Avatar name={follower.person.displayName} imageUrl={follower.person.imageUrl} />
                <AppLink
                  to={`/users/${follower.person.id}`}
                  className="truncate font-medium text-sm hover:underline"
                >
                  {follower.person.displayName}
                </AppLink>
              </li>
            ))}
          </ul>
        )}
        <ShowMore
          shown={theirs.items.length}
          total={theirs.total}
          loading={theirs.loading}
          onMore={theirs.more}
          testId="followers-more"
        />
      </section>
    </div>
  );
}
