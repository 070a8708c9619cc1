import { type ShellUser, userInitials } from "../../lib/shell-user.ts";
import { Button } from "../ui/button.tsx";
import { DeferredMenu } from "../ui/deferred.tsx";
import { Menu } from "../ui/icons.tsx";

const loadDropdown = () => import("./main-menu-dropdown.tsx");
const loadSheet = () => import("./mobile-menu-sheet.tsx");
const loadProfileMenu = () => import("./profile-menu-dropdown.tsx");

/** The header menu from md up (`main-menu-dropdown.tsx`), fetched when reached for. */
export function MainMenu() {
  return (
    <DeferredMenu
      load={loadDropdown}
      trigger={
        <Button
          variant="outline"
          size="sm"
          data-testid="menu-button"
          aria-label="Open menu"
          aria-haspopup="menu"
        >
          <Menu aria-hidden="true" />
          <span className="hidden lg:inline">Menu</span>
        </Button>
      }
    >
      {(m, trigger) => <m.MainMenuDropdown trigger={trigger} />}
    </DeferredMenu>
  );
}

/** The menu below md, a drawer (`mobile-menu-sheet.tsx`), fetched when reached for. */
export function MobileMenu() {
  return (
    <DeferredMenu
      load={loadSheet}
      trigger={
        <Button
          variant="outline"
          size="icon-sm"
          data-testid="mobile-menu-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
        >
          <Menu aria-hidden="true" />
        </Button>
      }
    >
      {(m, trigger) => <m.MobileMenuSheet trigger={trigger} />}
    </DeferredMenu>
  );
}

/** The avatar from md up: the signed-in person's own menu (`profile-menu-dropdown.tsx`), fetched when reached for. */
export function ProfileMenu({ user }: { user: ShellUser }) {
  return (
    <DeferredMenu
      load={loadProfileMenu}
      trigger={
        <button
          type="button"
          data-testid="header-profile"
          aria-haspopup="menu"
          className="hidden size-8 cursor-pointer items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-foreground text-xs outline-none focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-solid md:inline-flex"
        >
          {user.imageUrl ? (
            <img src={user.imageUrl} alt="" className="size-full object-cover" />
          ) : (
            <span aria-hidden="true">{userInitials(user)}</span>
          )}
          <span className="sr-only">Your account menu</span>
        </button>
      }
    >
      {(m, trigger) => <m.ProfileMenuDropdown trigger={trigger} />}
    </DeferredMenu>
  );
}
