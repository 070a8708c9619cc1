import { ACCOUNT_ROLE, hasRole } from "@flipside/contracts/roles";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeading } from "../../components/shell/page-heading.tsx";
import { ADMIN_NAV } from "../../features/admin/admin-nav.ts";
import { pageTitle } from "../../lib/page-title.ts";
import { useShellUser } from "../../lib/root-data.ts";

export const meta = () => [{ title: pageTitle("Admin") }, { name: "robots", content: "noindex" }];

const WHAT: Record<string, string> = {
  "admin-moderation":
    "Reports of pages, contributions and people, grouped by what they are about: dismiss, hide, suspend.",
  "admin-roles": "Find an account and make it a moderator or an admin, or take the role back.",
  "admin-invitations": "Mint invitation codes for many people or until a date, and revoke codes.",
  "admin-beta-users": "The beta waiting list: approve a request (its link goes by mail) or reject it.",
  "admin-audit-log": "Everything moderators and admins did, who did it, when and why.",
};

export default function AdminHome() {
  const user = useShellUser();
  const admin = hasRole(user?.roles, ACCOUNT_ROLE.ADMIN);
  const sections = ADMIN_NAV.filter((item) => item.to !== "/admin" && (!item.adminOnly || admin));
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        title="Admin"
        description={
          admin
            ? "You are an admin: you moderate, manage roles, invitations and the beta."
            : "You are a moderator."
        }
      />
      <ul className="grid gap-3 sm:grid-cols-2">
        {sections.map(({ id, label, to, icon: Icon }) => (
          <li key={id}>
            <AppLink
              to={to}
              className="flex h-full flex-col gap-2 rounded-xl border p-4 hover:bg-accent/50 focus-visible:bg-accent/50"
            >
              <span className="flex items-center gap-2 font-semibold">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </span>
              <span className="text-muted-foreground text-sm">{WHAT[id]}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
