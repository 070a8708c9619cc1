import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

export interface OwnedColumn<T> {
  label: string;
  /** Figures line up on the right (on the left again once rows are cards). */
  numeric?: boolean;
  cell: (item: T) => ReactNode;
}

/**
 * The table of an account's filter lists, geo fences or audiences: below md each row becomes a
 * card of its cells, the first (the name) on top (ADS.md §1.0 "Small screens").
 */
export function OwnedTable<T extends { id: string }>({
  items,
  columns,
  testId,
  rowTestId,
}: {
  items: readonly T[];
  columns: readonly OwnedColumn<T>[];
  testId: string;
  rowTestId: string;
}) {
  return (
    <table className="w-full border-collapse text-sm max-md:block" data-testid={testId}>
      <thead className="border-b text-left text-muted-foreground max-md:hidden">
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={cn("px-2 py-2 font-medium", c.numeric && "text-right")}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:flex max-md:flex-col max-md:gap-3 md:divide-y">
        {items.map((item) => (
          <tr
            key={item.id}
            className="max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:p-3"
            data-testid={rowTestId}
          >
            {columns.map((c) => (
              <td
                key={c.label}
                className={cn(
                  "px-2 py-2 align-top max-md:p-0",
                  c.numeric && "text-right tabular-nums max-md:text-left",
                )}
              >
                {c.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "3 campaigns", "1 campaign". */
export const campaignCount = (n: number) => (n === 1 ? "1 campaign" : `${n} campaigns`);
