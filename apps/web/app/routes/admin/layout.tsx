import { ACCOUNT_ROLE, hasRole } from "@flipside/contracts/roles";
import { Outlet } from "react-router";
import { SectionNav } from "../../components/shell/section-nav.tsx";
import { requireAdminArea } from "../../features/admin/admin-access.server.ts";
import { ADMIN_NAV } from "../../features/admin/admin-nav.ts";
import type { Route } from "./+types/layout";

/** Every /admin path: the 404 page to anyone who is not a moderator (docs/admin.md). */
export function loader({ request, context }: Route.LoaderArgs) {
  return requireAdminArea(request, context, ACCOUNT_ROLE.MODERATOR);
}

/** The admin area inside the default layout: its sections beside the page, as in the profile area. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const items = ADMIN_NAV.filter((item) => !item.adminOnly || hasRole(loaderData.roles, ACCOUNT_ROLE.ADMIN));
  return (
    <div
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10"
      data-testid="admin-area"
    >
      <aside className="min-w-0 lg:sticky lg:top-20 lg:self-start">
        <SectionNav label="Admin" items={items} end="/admin" />
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
