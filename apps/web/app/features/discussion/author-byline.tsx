import type { ProfileRef } from "@flipside/contracts/discussion";
import type { ReactNode } from "react";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import { cn } from "../../lib/cn.ts";

export function AuthorName({ author }: { author: ProfileRef | null }) {
  // The author erased their account; their contributions stay (PRODUCT.md, account).
  if (!author) return <span className="text-muted-foreground italic">deleted user</span>;
  return (
    <AppLink to={`/users/${author.id}`} className="font-medium hover:underline" data-testid="author-name">
      {author.displayName}
    </AppLink>
  );
}

/**
 * Avatar, name, time and whatever badges the contribution has. A contribution its author
 * deleted shows only its time: naming nobody, not "deleted user" (that is an erased account).
 */
export function AuthorByline({
  author,
  createdDate,
  deleted = false,
  children,
  className,
}: {
  author: ProfileRef | null;
  createdDate: string;
  deleted?: boolean;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm", className)}>
      {deleted ? null : (
        <>
          <Avatar name={author?.displayName ?? "?"} imageUrl={author?.imageUrl} className="size-7 text-xs" />
          <AuthorName author={author} />
          <span aria-hidden="true" className="text-muted-foreground">
            ·
          </span>
        </>
      )}
      <TimeAgo iso={createdDate} className="text-muted-foreground" />
      {children}
    </div>
  );
}
