import { Menu } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "../ui/button.tsx";
import { DeferredMenu } from "../ui/deferred.tsx";

export function MobileMenuButton(props: ComponentProps<typeof Button>) {
  return (
    <Button
      variant="outline"
      size="icon-sm"
      data-testid="mobile-menu-button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      {...props}
    >
      <Menu aria-hidden="true" />
    </Button>
  );
}

const load = () => import("./mobile-menu-sheet.tsx");

/** The menu below md (`mobile-menu-sheet.tsx`), fetched when reached for. */
export function MobileMenu() {
  return (
    <DeferredMenu load={load} trigger={<MobileMenuButton />}>
      {(m, trigger) => <m.MobileMenuSheet trigger={trigger} />}
    </DeferredMenu>
  );
}
