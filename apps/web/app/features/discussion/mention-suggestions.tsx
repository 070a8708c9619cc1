import type { ProfileRef } from "@flipside/contracts/discussion";
import { MENTION_DEBOUNCE_MS } from "@flipside/contracts/mentions";

// The composer reads mentions with these once the picker's code has come.
export { mentionAt, mentionMarkdown } from "@flipside/contracts/mentions";

import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Avatar } from "../../components/ui/avatar.tsx";
import { SuggestionList } from "../../components/ui/suggestion-list.tsx";
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
    (question, signal) =>
      discussionApi.mentionSuggestions(question.slice(question.indexOf("|") + 1), pageId, signal),
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
  // Before paint: the text box names the option shown as chosen in the same frame.
  useLayoutEffect(() => {
    onState({ activeId: shown ? `${listId}-${active}` : undefined });
  }, [shown, active, listId, onState]);
  useEffect(() => () => onState({ activeId: undefined }), [onState]);

  return (
    <SuggestionList
      listId={listId}
      label="People to mention"
      announcement={`${people.length} ${people.length === 1 ? "person" : "people"} to mention`}
      items={people}
      active={active}
      keyOf={(person) => person.id}
      onChoose={onChoose}
      onHover={setActive}
      className="max-h-64"
      testId="mention-suggestions"
      optionTestId="mention-suggestion"
      renderItem={(person) => (
        <>
          <Avatar name={person.displayName} imageUrl={person.imageUrl} className="size-6 text-[10px]" />
          <span className="min-w-0 flex-1 truncate" data-testid="mention-name">
            {person.displayName}
          </span>
        </>
      )}
    />
  );
}
