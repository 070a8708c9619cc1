import { openLoginFromLink } from "../../lib/auth-dialog-store.ts";
import { useAppMode } from "../../lib/client-state.tsx";
import { cn } from "../../lib/cn.ts";
import { EXPLORE_LINKS } from "../../lib/menu.ts";
import { useShellUser, useViewerPending } from "../../lib/root-data.ts";
import { Button } from "../ui/button.tsx";
import { AppLink, AppNavLink } from "./app-link.tsx";
import { MainMenu, MobileMenu, ProfileMenu } from "./header-menus.tsx";
import { Logo } from "./logo.tsx";
import { NotificationBell } from "./notification-bell.tsx";

/** The top bar of every layout: logo home, a few direct links from md up, and the menu. */
export function SiteHeader({ className, wide = false }: { className?: string; wide?: boolean }) {
  const isApp = useAppMode();
  const user = useShellUser();
  const viewerPending = useViewerPending();
  return (
    <header
      data-testid="site-header"
      className={cn(
        "sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70",
        className,
      )}
    >
      <div
        className={cn(
          "mx-auto flex items-center gap-3 px-4 sm:px-6",
          isApp ? "h-12" : "h-14",
          wide ? "max-w-screen-2xl" : "max-w-6xl",
        )}
      >
        <Logo compact={isApp} />
        {isApp ? null : (
          <nav aria-label="Explore" className="ml-4 hidden items-center gap-1 md:flex">
            {EXPLORE_LINKS.map(({ id, label, to }) => (
              <AppNavLink
                key={id}
                to={to}
                data-testid={`header-${id}`}
                className={({ isActive }) =>
                  cn(
                    "rounded-md px-2.5 py-1.5 font-medium text-sm transition-colors hover:text-foreground",
                    isActive ? "text-foreground" : "text-muted-foreground",
                  )
                }
              >
                {label}
              </AppNavLink>
            ))}
          </nav>
        )}
        <div className="ml-auto flex items-center gap-2">
          {viewerPending ? (
            // The avatar's place while the browser asks who is signed in (a shared page view).
            <span
              data-testid="header-viewer-pending"
              aria-hidden="true"
              className="hidden size-8 animate-pulse rounded-full bg-muted md:inline-flex"
            />
          ) : user ? (
            <>
              <NotificationBell userId={user.id} />
              <ProfileMenu user={user} />
            </>
          ) : (
            // In app mode (the extension's narrow panel) signing in stays one click away.
            <div className={cn("items-center gap-2", isApp ? "flex" : "hidden md:flex")}>
              <Button asChild variant="ghost" size="sm">
                <AppLink to="/login" data-testid="header-login" onClick={openLoginFromLink}>
                  Log in
                </AppLink>
              </Button>
              <Button asChild size="sm">
                <AppLink to={isApp ? "/join/app" : "/signup"} data-testid="header-signup">
                  Sign up
                </AppLink>
              </Button>
            </div>
          )}
          <div className="hidden md:block">
            <MainMenu />
          </div>
          <div className="md:hidden">
            <MobileMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
