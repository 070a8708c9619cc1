import type { ProfileRef } from "@flipside/contracts/discussion";
import { MENTION_DEBOUNCE_MS } from "@flipside/contracts/mentions";

// The composer reads mentions with these once the picker's code has come.
export { mentionAt, mentionMarkdown } from "@flipside/contracts/mentions";

import { type RefObject, useEffect, useRef, useState } from "react";
import { Avatar } from "../../components/ui/avatar.tsx";
import { cn } from "../../lib/cn.ts";
import { useDebouncedQuestion } from "../../lib/debounced-question.ts";
import { discussionApi } from "./discussion-client.ts";

export interface MentionListState {
  /** The option the keys are on, for the text box's aria-activedescendant. */
  activeId: string | undefined;
}

/**
 * The "@" picker's list (docs/notifications.md#mentions), for the text box it is given: people
 * asked for after MENTION_DEBOUNCE_MS of quiet (a newer question cancels the one before), the
 * first one ready to pick. ↓/↑ move, Enter or Tab picks, Escape closes; a click picks too. Loaded
 * the first time someone types "@", so a page view carries none of it.
 */
export default function MentionSuggestions({
  textarea,
  listId,
  query,
  pageId,
  onChoose,
  onClose,
  onState,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  listId: string;
  /** The name part typed after the "@". */
  query: string;
  pageId: string | null;
  onChoose(person: ProfileRef): void;
  onClose(): void;
  onState(state: MentionListState): void;
}) {
  const [people, setPeople] = useState<ProfileRef[]>([]);
  const [active, setActive] = useState(0);
  const view = useRef({ people, active, onChoose, onClose });
  view.current = { people, active, onChoose, onClose };

  useDebouncedQuestion(
    `${pageId}|${query.trim()}`,
    MENTION_DEBOUNCE_MS,
    (signal) => discussionApi.mentionSuggestions(query.trim(), pageId, signal),
    (found) => {
      setPeople(found);
      setActive(0);
    },
    "mention suggestions",
  );

  useEffect(() => {
    const el = textarea.current;
    if (!el) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const { people, active, onChoose, onClose } = view.current;
      if (people.length === 0 || event.isComposing) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((active + step + people.length) % people.length);
      } else if (
        (event.key === "Enter" || event.key === "Tab") &&
        !event.shiftKey &&
        !event.ctrlKey &&
        !event.metaKey
      ) {
        const chosen = people[active];
        if (!chosen) return;
        event.preventDefault();
        onChoose(chosen);
      } else if (event.key === "Escape") {
        // Closes the list only, not a dialog the composer sits in.
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
    };
    el.addEventListener("keydown", onKeyDown);
    return () => el.removeEventListener("keydown", onKeyDown);
  }, [textarea]);

  const shown = people.length > 0;
  useEffect(() => {
    onState({ activeId: shown ? `${listId}-${active}` : undefined });
  }, [shown, active, listId, onState]);
  useEffect(() => () => onState({ activeId: undefined }), [onState]);

  return (
    <>
      <span aria-live="polite" className="sr-only">
        {shown ? `${people.length} ${people.length === 1 ? "person" : "people"} to mention` : ""}
      </span>
      {shown ? (
        <div
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
          data-testid="mention-suggestions"
        >
          {people.map((person, i) => (
            <button
              type="button"
              tabIndex={-1}
              key={person.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the text box, so the click lands before anything closes.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(person)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                "flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm",
                i === active ? "bg-accent text-accent-foreground" : undefined,
              )}
              data-testid="mention-suggestion"
            >
              <Avatar name={person.displayName} imageUrl={person.imageUrl} className="size-6 text-[10px]" />
              <span className="min-w-0 flex-1 truncate" data-testid="mention-name">
                {person.displayName}
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
