import {
  type CustomTabFilter,
  DEFAULT_CUSTOM_TAB_FILTER,
  MAX_CUSTOM_TABS,
} from "@flipside/contracts/custom-tab-filter";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { useDialogOpenings } from "../../components/ui/dialog-openings.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { ArrowDown, ArrowUp, Layers, Pencil, Plus, Trash2 } from "../../components/ui/icons.tsx";
import { notify } from "../../lib/toast.ts";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog.tsx";
import { CustomTabDialog } from "./custom-tab-dialog.tsx";
import { customTabWrites } from "./custom-tab-writes.ts";
import { type CustomTab, customTabsKey, rememberTab, useCustomTabs } from "./custom-tabs-client.ts";

/** Tabs people often want, to start from in one click (the form opens with them filled in). */
const SUGGESTIONS: readonly { name: string; filter: Partial<CustomTabFilter> }[] = [
  { name: "Expert reviews", filter: { kinds: ["REVIEW"], sentiments: ["EXPERT"] } },
  { name: "Top comments", filter: { kinds: ["COMMENT"], minScore: 2, sort: "top" } },
  { name: "With pictures", filter: { attachments: "with" } },
  { name: "Mine", filter: { author: "me" } },
];

type Editing = { tab?: CustomTab; name?: string; filter: CustomTabFilter };

/**
 * `/profile/tabs` (docs/discussion.md#custom-tabs): the person's tabs in their page order, to
 * make, change, reorder (buttons, so the keyboard does it too) and delete.
 */
export function CustomTabsManager({ userId, initial }: { userId: string; initial: CustomTab[] }) {
  const queryClient = useQueryClient();
  const tabs = useCustomTabs(userId, initial).data ?? initial;
  const editing = useDialogOpenings<Editing>();
  const deleting = useDialogOpenings<CustomTab>();
  const [announcement, setAnnouncement] = useState("");
  // After a move the same button of the moved tab keeps the focus (or its twin, at an end).
  const focusAfterMove = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const full = tabs.length >= MAX_CUSTOM_TABS;

  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted || !listRef.current) return;
    focusAfterMove.current = null;
    const row = listRef.current.querySelector(`[data-tab-id="${wanted.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]:not(:disabled)`);
    (same ?? row?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)"))?.focus();
  });

  async function move(tab: CustomTab, direction: "up" | "down") {
    const from = tabs.findIndex((t) => t.id === tab.id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= tabs.length) return;
    const reordered = [...tabs];
    reordered.splice(from, 1);
    reordered.splice(to, 0, tab);
    const key = customTabsKey(userId);
    focusAfterMove.current = { id: tab.id, direction };
    queryClient.setQueryData<CustomTab[]>(key, reordered);
    setAnnouncement(`“${tab.name}” is now ${to + 1} of ${tabs.length}`);
    try {
      queryClient.setQueryData<CustomTab[]>(key, await customTabWrites.reorder(reordered.map((t) => t.id)));
    } catch {
      queryClient.setQueryData<CustomTab[]>(key, tabs);
      notify.error("Could not move the tab. Try again.");
    }
  }

  const newTab = (name?: string, filter: Partial<CustomTabFilter> = {}) =>
    editing.show({ ...(name ? { name } : {}), filter: { ...DEFAULT_CUSTOM_TAB_FILTER, ...filter } });

  return (
    <div className="flex flex-col gap-5" data-testid="custom-tabs-manager">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {tabs.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="No tabs yet"
          description="A tab shows, on every page you open, just the contributions you care about: expert reviews, the best comments, your own words. Start from one of these or make your own."
          data-testid="custom-tabs-empty"
          action={
            <div className="flex flex-col items-center gap-3">
              <ul className="flex flex-wrap justify-center gap-2" aria-label="Suggestions">
                {SUGGESTIONS.map((s) => (
                  <li key={s.name}>
                    <Button variant="outline" size="sm" onClick={() => newTab(s.name, s.filter)}>
                      <Plus aria-hidden="true" />
                      {s.name}
                    </Button>
                  </li>
                ))}
              </ul>
              <Button onClick={() => newTab()} data-testid="custom-tab-new">
                <Plus aria-hidden="true" />
                New tab
              </Button>
            </div>
          }
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted-foreground text-sm" data-testid="custom-tabs-count">
              {full
                ? `${MAX_CUSTOM_TABS} of ${MAX_CUSTOM_TABS} tabs: delete one to make another.`
                : `${tabs.length} of ${MAX_CUSTOM_TABS} tabs. They show on every page in this order, after the built-in ones.`}
            </p>
            <Button onClick={() => newTab()} disabled={full} data-testid="custom-tab-new">
              <Plus aria-hidden="true" />
              New tab
            </Button>
          </div>
          <ol ref={listRef} className="divide-y rounded-xl border bg-card" data-testid="custom-tabs-list">
            {tabs.map((tab, index) => (
              <li
                key={tab.id}
                data-tab-id={tab.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center"
                data-testid="custom-tab-row"
              >
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <span
                    className="mt-0.5 w-5 shrink-0 text-right text-muted-foreground text-sm tabular-nums"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span className="break-words font-medium" data-testid="custom-tab-row-name">
                      {tab.name}
                    </span>
                    <span className="text-muted-foreground text-sm">{tab.description}</span>
                  </div>
                </div>
                <div className="flex shrink-0 items-center gap-1 self-end sm:self-auto">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    disabled={index === 0}
                    onClick={() => void move(tab, "up")}
                    aria-label={`Move “${tab.name}” up`}
                    data-move="up"
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    disabled={index === tabs.length - 1}
                    onClick={() => void move(tab, "down")}
                    aria-label={`Move “${tab.name}” down`}
                    data-move="down"
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => editing.show({ tab, filter: tab.filter })}
                    aria-label={`Change “${tab.name}”`}
                    data-testid="custom-tab-edit"
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost-destructive"
                    size="icon-sm"
                    onClick={() => deleting.show(tab)}
                    aria-label={`Delete “${tab.name}”`}
                    data-testid="custom-tab-delete"
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      <CustomTabDialog
        key={`edit-${editing.key}`}
        open={editing.open}
        onOpenChange={editing.onOpenChange}
        tab={editing.value?.tab}
        initialName={editing.value?.name}
        initialFilter={editing.value?.filter ?? DEFAULT_CUSTOM_TAB_FILTER}
        onSaved={(saved) => rememberTab(queryClient, userId, saved)}
      />
      <ConfirmDeleteDialog
        key={`delete-${deleting.key}`}
        open={deleting.open}
        onOpenChange={deleting.onOpenChange}
        title={`Delete “${deleting.value?.name ?? ""}”?`}
        description="The tab goes from every page. The contributions it showed stay where they are."
        failure="Could not delete the tab. Try again."
        onConfirm={async () => {
          const gone = deleting.value;
          if (!gone) return;
          await customTabWrites.remove(gone.id);
          queryClient.setQueryData<CustomTab[]>(customTabsKey(userId), (old = []) =>
            old.filter((t) => t.id !== gone.id),
          );
          notify.success(`“${gone.name}” is deleted`);
        }}
      />
    </div>
  );
}
