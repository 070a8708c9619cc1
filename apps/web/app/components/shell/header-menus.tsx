import { Button } from "../ui/button.tsx";
import { DeferredMenu } from "../ui/deferred.tsx";
import { Menu } from "../ui/icons.tsx";

const loadDropdown = () => import("./main-menu-dropdown.tsx");
const loadSheet = () => import("./mobile-menu-sheet.tsx");

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
