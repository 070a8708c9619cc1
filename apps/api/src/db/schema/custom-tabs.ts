import type { CustomTabFilter } from "@flipside/contracts/custom-tab-filter";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import { users } from "./accounts.ts";

/**
 * A person's custom page tabs (docs/discussion.md#custom-tabs). The filter is data checked by
 * the CustomTabFilter schema on every write, never SQL: it becomes a `searchAnd` at read time.
 */
export const customTabs = pgTable(
  "custom_tabs",
  {
    id: uuid("id")
      .primaryKey()
      .$defaultFn(() => uuidv7()),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filter: jsonb("filter").$type<CustomTabFilter>().notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("custom_tabs_owner_idx").on(t.ownerId, t.position),
    // Two tabs of one person with the same name could not be told apart on a page.
    uniqueIndex("custom_tabs_owner_name_idx").on(t.ownerId, sql`lower(${t.name})`),
  ],
);
