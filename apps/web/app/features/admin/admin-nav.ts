import {
  Flag,
  FlaskConical,
  type IconComponent,
  KeyRound,
  ScrollText,
  ShieldCheck,
  Users,
  Wallet,
} from "../../components/ui/icons.tsx";

type SectionNavEntry = { id: string; label: string; to: string; icon: IconComponent };

/** The admin area's sections (docs/admin.md); `adminOnly` ones are left out for moderators. */
export const ADMIN_NAV: readonly (SectionNavEntry & { adminOnly?: boolean })[] = [
  { id: "admin", label: "Overview", to: "/admin", icon: ShieldCheck },
  { id: "admin-moderation", label: "Moderation", to: "/admin/moderation", icon: Flag },
  { id: "admin-roles", label: "Roles", to: "/admin/roles", icon: Users, adminOnly: true },
  {
    id: "admin-invitations",
    label: "Invitations",
    to: "/admin/invitations",
    icon: KeyRound,
    adminOnly: true,
  },
  {
    id: "admin-beta-users",
    label: "Beta requests",
    to: "/admin/beta-users",
    icon: FlaskConical,
    adminOnly: true,
  },
  { id: "admin-wallets", label: "Wallets", to: "/admin/wallets", icon: Wallet, adminOnly: true },
  { id: "admin-audit-log", label: "Audit log", to: "/admin/audit-log", icon: ScrollText },
];
