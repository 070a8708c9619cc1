import { type ReactElement, useState } from "react";
import { openLoginFromLink } from "../../lib/auth-dialog-store.ts";
import { cn } from "../../lib/cn.ts";
import { useSignOut } from "../../lib/use-sign-out.ts";
import { Button } from "../ui/button.tsx";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "../ui/sheet.tsx";
import { AppLink } from "./app-link.tsx";
import { ColorModeSwitch } from "./color-mode-switch.tsx";
import { copyCurrentLink } from "./copy-link.tsx";
import { LogoMark } from "./logo.tsx";
import { COPY_LINK, SIGN_OUT, useMenuSections } from "./menu-content.tsx";

const itemClass =
  "flex w-full cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm outline-none transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-solid disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4 [&_svg]:text-muted-foreground";

/**
 * Below md the menu is a drawer from the right, with the same identifiers as the dropdown.
 * Loaded when someone reaches for the menu (`header-menus.tsx`), and open from the start.
 */
export function MobileMenuSheet({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  const { sections, user } = useMenuSections();
  const signOut = useSignOut();
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent spacing="flush" data-testid="mobile-menu">
        <SheetHeader row>
          <LogoMark className="size-6" />
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Pages and settings of Flipside</SheetDescription>
        </SheetHeader>
        <SheetBody>
          <nav aria-label="Menu" className="flex flex-col gap-4 pb-4">
            {sections.map((section) => (
              <section key={section.id} aria-labelledby={`mobile-menu-${section.id}`}>
                <h2
                  id={`mobile-menu-${section.id}`}
                  className="px-2 pb-1 font-medium text-muted-foreground text-xs"
                >
                  {section.label}
                  {section.hint ? <span className="block font-normal text-xxs">{section.hint}</span> : null}
                </h2>
                <ul className="flex flex-col">
                  {section.actions?.map(({ id, label, icon: Icon, run }) => (
                    <li key={id}>
                      <button
                        type="button"
                        id={id}
                        data-testid={id}
                        className={itemClass}
                        disabled={!run}
                        onClick={() => {
                          close();
                          run?.();
                        }}
                      >
                        <Icon aria-hidden="true" />
                        {label}
                      </button>
                    </li>
                  ))}
                  {section.links?.map(({ id, label, to, icon: Icon }) => (
                    <li key={id}>
                      <AppLink
                        to={to}
                        id={id}
                        data-testid={id}
                        className={itemClass}
                        onClick={(event) => {
                          close();
                          if (id === "login") openLoginFromLink(event);
                        }}
                      >
                        <Icon aria-hidden="true" />
                        {label}
                      </AppLink>
                    </li>
                  ))}
                  {section.id === "account" && user ? (
                    <li>
                      <button
                        type="button"
                        id={SIGN_OUT.id}
                        data-testid={SIGN_OUT.id}
                        className={cn(itemClass, "text-destructive")}
                        onClick={() => {
                          close();
                          void signOut();
                        }}
                      >
                        <SIGN_OUT.icon aria-hidden="true" />
                        {SIGN_OUT.label}
                      </button>
                    </li>
                  ) : null}
                </ul>
              </section>
            ))}
          </nav>
        </SheetBody>
        <SheetFooter row className="border-t">
          <ColorModeSwitch />
          <Button
            variant="ghost"
            size="sm"
            data-testid={COPY_LINK.id}
            onClick={() => {
              close();
              void copyCurrentLink();
            }}
          >
            <COPY_LINK.icon aria-hidden="true" />
            {COPY_LINK.label}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
