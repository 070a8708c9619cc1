import { BLOCK_MESSAGES } from "@flipside/contracts/block-constants";
import type { ProfileBlock } from "@flipside/contracts/blocks";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TimeAgo } from "../../components/ui/time-ago.tsx";
import type { ListPage } from "../../lib/api.ts";
import { notify } from "../../lib/toast.ts";
import { createBlocksClient } from "./blocks-client.ts";

const blocks = createBlocksClient();

/** The settings page's list of people the viewer blocked, each with "Unblock". */
export function BlockedPeople({ page }: { page: ListPage<ProfileBlock> }) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  if (page.items.length === 0) {
    return (
      <p className="text-muted-foreground text-sm" data-testid="blocked-people-empty">
        You have not blocked anyone. Block a person from their public page.
      </p>
    );
  }

  async function unblock(block: ProfileBlock) {
    setBusy(block.blocked.id);
    try {
      await blocks.unblock(block.blocked.id);
      notify.success(`${block.blocked.displayName}: ${BLOCK_MESSAGES.unblocked.toLowerCase()}`);
      await revalidate();
    } catch {
      notify.error(`Could not unblock ${block.blocked.displayName}. Try again.`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y rounded-lg border" data-testid="blocked-people">
        {page.items.map((block) => (
          <li
            key={block.blocked.id}
            className="flex flex-wrap items-center gap-3 p-3"
            data-testid="blocked-person"
          >
            <Avatar name={block.blocked.displayName} imageUrl={block.blocked.imageUrl} />
            <div className="flex min-w-0 flex-1 flex-col">
              <AppLink
                to={`/users/${block.blocked.id}`}
                className="truncate font-medium text-sm hover:underline"
              >
                {block.blocked.displayName}
              </AppLink>
              <p className="text-muted-foreground text-xs">
                Blocked <TimeAgo iso={block.createdDate} />
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              loading={busy === block.blocked.id}
              disabled={busy !== null}
              onClick={() => unblock(block)}
              aria-label={`Unblock ${block.blocked.displayName}`}
            >
              Unblock
            </Button>
          </li>
        ))}
      </ul>
      {page.total > page.items.length ? (
        <p className="text-muted-foreground text-xs">
          The {page.items.length} most recent of {page.total} blocks.
        </p>
      ) : null}
    </div>
  );
}
