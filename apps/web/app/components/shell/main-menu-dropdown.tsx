import type { ColorModePreference } from "@flipside/contracts/enums";
import { Fragment, type ReactElement } from "react";
import { openLoginFromLink } from "../../lib/auth-dialog-store.ts";
import { useColorMode } from "../../lib/client-state.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu.tsx";
import { AppLink } from "./app-link.tsx";
import { COLOR_MODE_OPTIONS, useChangeColorMode } from "./color-mode-switch.tsx";
import { copyCurrentLink } from "./copy-link.tsx";
import { COPY_LINK, useMenuSections } from "./menu-content.tsx";
import { SignOutItem } from "./sign-out-item.tsx";

/**
 * The header menu from md up: a dropdown with every docs/web-app.md#routes-and-layouts menu
 * identifier. Loaded when someone reaches for the menu (`header-menus.tsx`), and open from the start.
 */
export function MainMenuDropdown({ trigger }: { trigger: ReactElement }) {
  const { sections, user } = useMenuSections();
  const { preference } = useColorMode();
  const changeColorMode = useChangeColorMode();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64" data-testid="main-menu">
        {sections.map((section, index) => (
          <Fragment key={section.id}>
            {index > 0 ? <DropdownMenuSeparator /> : null}
            <DropdownMenuGroup>
              <DropdownMenuLabel>
                {section.label}
                {section.hint ? (
                  <span className="block font-normal text-muted-foreground text-xxs">{section.hint}</span>
                ) : null}
              </DropdownMenuLabel>
              {section.actions?.map(({ id, label, icon: Icon, run }) => (
                <DropdownMenuItem key={id} id={id} data-testid={id} disabled={!run} onSelect={() => run?.()}>
                  <Icon aria-hidden="true" />
                  {label}
                </DropdownMenuItem>
              ))}
              {section.links?.map(({ id, label, to, icon: Icon }) => (
                <DropdownMenuItem key={id} asChild>
                  <AppLink
                    to={to}
                    id={id}
                    data-testid={id}
                    onClick={id === "login" ? openLoginFromLink : undefined}
                  >
                    <Icon aria-hidden="true" />
                    {label}
                  </AppLink>
                </DropdownMenuItem>
              ))}
              {section.id === "account" && user ? <SignOutItem /> : null}
            </DropdownMenuGroup>
          </Fragment>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Colour mode</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => changeColorMode(value as ColorModePreference)}
        >
          {COLOR_MODE_OPTIONS.map(({ value, label }) => (
            <DropdownMenuRadioItem key={value} value={value} data-testid={`menu-color-mode-${value}`}>
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid={COPY_LINK.id} onSelect={() => void copyCurrentLink()}>
          <COPY_LINK.icon aria-hidden="true" />
          {COPY_LINK.label}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
