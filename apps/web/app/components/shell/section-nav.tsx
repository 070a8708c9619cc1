import { cn } from "../../lib/cn.ts";
import type { IconComponent } from "../ui/icons.tsx";
import { AppNavLink } from "./app-link.tsx";

export interface SectionNavItem {
  id: string;
  label: string;
  to: string;
  icon: IconComponent;
}

/**
 * The navigation of an area (/ads, /profile): a sidebar from lg up, a scrollable row of tabs
 * below it, so it stays usable at 320 px.
 */
export function SectionNav({
  label,
  items,
  end,
}: {
  label: string;
  items: readonly SectionNavItem[];
  end: string;
}) {
  return (
    <nav aria-label={label} className="-mx-4 lg:mx-0">
      <ul className="flex gap-1 overflow-x-auto px-4 pb-1 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0">
        {items.map(({ id, label: itemLabel, to, icon: Icon }) => (
          <li key={id} className="shrink-0">
            <AppNavLink
              to={to}
              end={to === end}
              data-testid={`nav-${id}`}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-2.5 whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm transition-colors hover:bg-accent hover:text-foreground",
                  isActive ? "bg-accent text-foreground" : "text-muted-foreground",
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {itemLabel}
            </AppNavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
