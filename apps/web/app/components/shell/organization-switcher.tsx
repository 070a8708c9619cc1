import { useLocation } from "react-router";
import { useShellUser } from "../../lib/root-data.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu.tsx";
import { Building2, Check, ChevronDown } from "../ui/icons.tsx";
import { AppLink } from "./app-link.tsx";

/**
 * The profile area's organisation switcher (docs/organizations.md): for people in more than one
 * organisation, one click from any profile page to any of them. The one open is ticked.
 */
export function OrganizationSwitcher() {
  const user = useShellUser();
  const { pathname } = useLocation();
  const organizations = user?.organizations ?? [];
  if (organizations.length < 2) return null;
  const current = organizations.find((o) => pathname === `/profile/organizations/${o.id}`);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="mt-2 flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
        data-testid="organization-switcher"
      >
        <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">{current ? current.name : "Switch organisation"}</span>
        <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel>Your organisations</DropdownMenuLabel>
        {organizations.map((o) => (
          <DropdownMenuItem key={o.id} asChild>
            <AppLink to={`/profile/organizations/${o.id}`} data-testid="switch-organization">
              <span className="min-w-0 flex-1 truncate">{o.name}</span>
              {o.id === current?.id ? <Check aria-label="Open" /> : null}
            </AppLink>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
