import { Menu } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../ui/button.tsx";
import { DeferredMenu } from "../ui/deferred.tsx";

export function MainMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button
      variant="outline"
      size="sm"
      data-testid="menu-button"
      aria-label="Open menu"
      aria-haspopup="menu"
      {...props}
    >
      <Menu aria-hidden="true" />
      <span className="hidden lg:inline">Menu</span>
    </Button>
  );
}

const load = () => import("./main-menu-dropdown.tsx");

/** The header menu from md up (`main-menu-dropdown.tsx`), fetched when reached for. */
export function MainMenu() {
  return (
    <DeferredMenu load={load} trigger={<MainMenuButton />}>
      {(m, trigger) => <m.MainMenuDropdown trigger={trigger} />}
    </DeferredMenu>
  );
}
