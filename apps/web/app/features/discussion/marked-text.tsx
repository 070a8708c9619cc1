import { markedParts, type TextMarks } from "@flipside/contracts/search-constants";

/** A text with the ranges a search matched as `<mark>`s (built from ranges, never from HTML). */
export function MarkedText({ text, marks }: { text: string; marks: TextMarks }) {
  if (marks.length === 0) return text;
  return markedParts(text, marks).map((part) =>
    part.marked ? (
      <mark
        key={part.start}
        className="rounded-sm bg-yellow-200/80 px-0.5 text-inherit dark:bg-yellow-500/30"
      >
        {part.text}
      </mark>
    ) : (
      <span key={part.start}>{part.text}</span>
    ),
  );
}
