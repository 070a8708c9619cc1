import { forwardRef } from "react";
import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { withAppFlag } from "../../lib/app-mode.ts";
import { useAppMode } from "../../lib/client-state.tsx";

/** A router link that keeps `app=1` on in app mode, so app mode sticks (docs/web-app.md#app-mode). */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink({ to, ...props }, ref) {
  const isApp = useAppMode();
  return <Link ref={ref} to={isApp ? withAppFlag(to) : to} {...props} />;
});

/** The NavLink twin of `AppLink`, for navigation lists that show the current page. */
export const AppNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function AppNavLink(
  { to, ...props },
  ref,
) {
  const isApp = useAppMode();
  return <NavLink ref={ref} to={isApp ? withAppFlag(to) : to} {...props} />;
});
