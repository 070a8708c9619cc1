import type { ReactElement } from "react";
import { useAppMode } from "../../lib/client-state.tsx";
import { accountLinks } from "../../lib/menu.ts";
import { useShellUser } from "../../lib/root-data.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu.tsx";
import { AppLink } from "./app-link.tsx";
import { SignOutItem } from "./sign-out-item.tsx";

/**
 * The avatar's menu: who is signed in, their profile area (my_profile, settings and the rest of
 * docs/web-app.md's account entries) and sign-out. Loaded when reached for, open from the start.
 */
export function ProfileMenuDropdown({ trigger }: { trigger: ReactElement }) {
  const user = useShellUser();
  const isApp = useAppMode();
  const links = accountLinks(user?.roles, isApp);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" data-testid="profile-menu">
        <DropdownMenuLabel className="flex flex-col">
          <span className="truncate">{user?.displayName || "Your account"}</span>
          {user?.email ? (
            <span className="truncate font-normal text-muted-foreground text-xs">{user.email}</span>
          ) : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {links.map(({ id, label, to, icon: Icon }) => (
            <DropdownMenuItem key={id} asChild>
              <AppLink to={to} id={id} data-testid={id}>
                <Icon aria-hidden="true" />
                {label}
              </AppLink>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <SignOutItem />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
