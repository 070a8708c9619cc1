import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * The list of an ARIA 1.2 combobox whose text box keeps the focus (the search box's pages, the
 * "@" picker's people): a polite count for screen readers, and options that a click chooses
 * without taking the focus from the box. The box names the active option with
 * aria-activedescendant (`${listId}-${index}`).
 */
export function SuggestionList<T>({
  listId,
  label,
  announcement,
  items,
  active,
  keyOf,
  onChoose,
  onHover,
  renderItem,
  className,
  testId,
  optionTestId,
}: {
  listId: string;
  /** The listbox's name ("Suggested pages"). */
  label: string;
  /** What screen readers hear when it shows ("3 pages suggested"). */
  announcement: string;
  /** Shown when there are any. */
  items: T[];
  active: number;
  keyOf(item: T): string;
  onChoose(item: T): void;
  /** The pointer makes an option the active one (otherwise it is only tinted). */
  onHover?(index: number): void;
  renderItem(item: T): ReactNode;
  className?: string;
  testId: string;
  optionTestId: string;
}) {
  const shown = items.length > 0;
  return (
    <>
      <span aria-live="polite" className="sr-only">
        {shown ? announcement : ""}
      </span>
      {shown ? (
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className={cn(
            "absolute inset-x-0 top-full z-50 mt-1 overflow-y-auto rounded-lg border bg-popover p-1 text-left text-popover-foreground shadow-lg",
            className,
          )}
          data-testid={testId}
        >
          {items.map((item, i) => (
            <button
              type="button"
              tabIndex={-1}
              key={keyOf(item)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the box, so the click lands before the list closes.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(item)}
              onMouseEnter={onHover ? () => onHover(i) : undefined}
              className={cn(
                "flex w-full min-w-0 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm",
                i === active ? "bg-accent text-accent-foreground" : !onHover && "hover:bg-accent/60",
              )}
              data-testid={optionTestId}
            >
              {renderItem(item)}
            </button>
          ))}
        </div>
      ) : null}
    </>
  );
}
