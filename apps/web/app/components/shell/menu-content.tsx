import { useAppMode } from "../../lib/client-state.tsx";
import {
  accountLinks,
  EXPLORE_LINKS,
  GUEST_LINKS,
  INFO_LINKS,
  type MenuLink,
  PAGE_ACTION_ITEMS,
  type PageActionItem,
} from "../../lib/menu.ts";
import { type PageActions, usePageActions } from "../../lib/page-actions.ts";
import { useShellUser } from "../../lib/root-data.ts";
import type { ShellUser } from "../../lib/shell-user.ts";
import { Link as LinkIcon, LogOut } from "../ui/icons.tsx";

export interface MenuSection {
  id: string;
  label: string;
  hint?: string;
  links?: readonly MenuLink[];
  actions?: readonly (PageActionItem & { run?: () => void })[];
}

/**
 * The header menu's sections, shared by the dropdown (md and up) and the drawer (below md):
 * signed-out visitors get log in / sign up, signed-in ones their account pages.
 */
export function useMenuSections(): { sections: MenuSection[]; user: ShellUser | null } {
  const user = useShellUser();
  const isApp = useAppMode();
  const pageActions: PageActions | null = usePageActions();
  const sections: MenuSection[] = [
    {
      id: "page",
      label: "This page",
      ...(pageActions ? {} : { hint: "Open a page to use these" }),
      actions: PAGE_ACTION_ITEMS.map((item) => ({ ...item, run: pageActions?.[item.id] })),
    },
    { id: "explore", label: "Explore", links: EXPLORE_LINKS },
    user
      ? {
          id: "account",
          label: user.displayName || user.email || "Your account",
          links: accountLinks(user.roles, isApp),
        }
      : { id: "account", label: "Account", links: GUEST_LINKS },
    { id: "flipside", label: "Flipside", links: INFO_LINKS },
  ];
  return { sections, user };
}

export const SIGN_OUT = { id: "sign-out", label: "Sign out", icon: LogOut } as const;
export const COPY_LINK = { id: "copy-link", label: "Copy link", icon: LinkIcon } as const;
