import type { PageSuggestion } from "@flipside/contracts/search";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_LENGTH } from "@flipside/contracts/search-constants";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { SuggestionList } from "../../components/ui/suggestion-list.tsx";
import { useDebouncedQuestion } from "../../lib/debounced-question.ts";
import { discussionApi } from "./discussion-client.ts";
import { MarkedText } from "./marked-text.tsx";
import { PageFavicon } from "./page-favicon.tsx";

export interface ComboboxState {
  expanded: boolean;
  /** The id of the option the arrow keys are on, if any. */
  activeId: string | undefined;
}

/**
 * The search box's suggestions (docs/search.md#suggestions): an ARIA 1.2 combobox list for the
 * input it is given. Asks for pages after SUGGEST_DEBOUNCE_MS of quiet, cancelling the question
 * before; ↓/↑ move through them, Enter opens the one chosen, Escape closes the list. Loaded the
 * first time the box is used, so a page view carries none of it.
 */
export default function SearchSuggestions({
  input,
  listId,
  text,
  onChoose,
  onState,
}: {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  text: string;
  onChoose(suggestion: PageSuggestion): void;
  /** The input's aria-expanded and aria-activedescendant. */
  onState(state: ComboboxState): void;
}) {
  const [items, setItems] = useState<PageSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const view = useRef({ items, open, active, onChoose });
  view.current = { items, open, active, onChoose };

  // Ask after a pause in typing; a newer question cancels the one before.
  const q = text.trim();
  const asking = q.length >= SUGGEST_MIN_LENGTH;
  useEffect(() => {
    if (asking) return;
    setItems([]);
    setActive(-1);
  }, [asking]);
  useDebouncedQuestion(
    asking ? q : null,
    SUGGEST_DEBOUNCE_MS,
    (question, signal) => discussionApi.suggestPages(question, signal),
    (found) => {
      // An answer that comes after the arrows chose a page keeps that page chosen if it is still there.
      const chosen = view.current.items[view.current.active]?.id;
      setItems(found);
      setActive(chosen ? found.findIndex((item) => item.id === chosen) : -1);
      setOpen(document.activeElement === input.current);
    },
    "search suggestions",
  );

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const { items, open, active, onChoose } = view.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (items.length === 0) return;
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        // From the box the first step goes to the first (or last) suggestion; past either end, back to the box.
        const next = !open ? (step > 0 ? 0 : items.length - 1) : active + step;
        setOpen(true);
        setActive(next >= items.length || next < -1 ? -1 : next);
      } else if (event.key === "Enter" && open && active >= 0) {
        const chosen = items[active];
        if (!chosen) return;
        event.preventDefault();
        setOpen(false);
        onChoose(chosen);
      } else if (event.key === "Escape" && open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => setOpen(view.current.items.length > 0);
    el.addEventListener("keydown", onKeyDown);
    el.addEventListener("blur", onBlur);
    el.addEventListener("focus", onFocus);
    return () => {
      el.removeEventListener("keydown", onKeyDown);
      el.removeEventListener("blur", onBlur);
      el.removeEventListener("focus", onFocus);
    };
  }, [input]);

  const shown = open && items.length > 0;
  // Before paint: the box names the option shown as chosen in the same frame (aria-activedescendant).
  useLayoutEffect(() => {
    onState({ expanded: shown, activeId: shown && active >= 0 ? `${listId}-${active}` : undefined });
  }, [shown, active, listId, onState]);

  return (
    <SuggestionList
      listId={listId}
      label="Suggested pages"
      announcement={`${items.length} ${items.length === 1 ? "page" : "pages"} suggested`}
      items={shown ? items : []}
      active={active}
      keyOf={(item) => item.id}
      onChoose={(item) => {
        setOpen(false);
        onChoose(item);
      }}
      className="max-h-80"
      testId="search-suggestions"
      optionTestId="search-suggestion"
      renderItem={(item) => (
        <>
          <PageFavicon src={item.faviconUrl} />
          <span className="min-w-0 flex-1 truncate">
            <MarkedText text={item.label} marks={item.labelMarks} />
          </span>
          <span className="shrink-0 text-muted-foreground text-xs">{item.domain}</span>
        </>
      )}
    />
  );
}
