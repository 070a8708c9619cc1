import { useEffect, useRef } from "react";
import { useClientState } from "../../lib/client-state.tsx";
import { FOOTER_LINKS } from "../../lib/menu.ts";
import { Button } from "../ui/button.tsx";
import { Link as LinkIcon } from "../ui/icons.tsx";
import { AppLink } from "./app-link.tsx";
import { ColorModeSwitch } from "./color-mode-switch.tsx";
import { copyCurrentLink } from "./copy-link.tsx";
import { LogoMark } from "./logo.tsx";

/** The footer of the full layouts (left out in app mode): links, colour mode and "Copy link". */
export function SiteFooter() {
  const { setFooterFocus } = useClientState();
  const ref = useRef<HTMLElement>(null);
  // docs/web-app.md#state isFooterFocus: whether keyboard or pointer focus is inside the footer.
  useEffect(() => {
    const footer = ref.current;
    if (!footer) return;
    const onFocusIn = () => setFooterFocus(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!footer.contains(event.relatedTarget as Node | null)) setFooterFocus(false);
    };
    footer.addEventListener("focusin", onFocusIn);
    footer.addEventListener("focusout", onFocusOut);
    return () => {
      footer.removeEventListener("focusin", onFocusIn);
      footer.removeEventListener("focusout", onFocusOut);
      setFooterFocus(false);
    };
  }, [setFooterFocus]);
  return (
    <footer ref={ref} data-testid="site-footer" className="border-t bg-muted/30">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="flex max-w-xs flex-col gap-2">
          <div className="flex items-center gap-2 font-semibold">
            <LogoMark className="size-6" />
            Flipside
          </div>
          <p className="text-muted-foreground text-sm">See the other side of any web page.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
            {FOOTER_LINKS.map(({ id, label, to }) => (
              <li key={id}>
                <AppLink
                  to={to}
                  data-testid={id}
                  className="rounded-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline"
                >
                  {label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <ColorModeSwitch />
          <Button variant="ghost" size="sm" data-testid="copy-link" onClick={() => void copyCurrentLink()}>
            <LinkIcon aria-hidden="true" />
            Copy link
          </Button>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-6 text-muted-foreground text-xs sm:px-6">
        © Flipside. Opinions belong to the people who wrote them.
      </div>
    </footer>
  );
}
