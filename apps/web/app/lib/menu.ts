import { ACCOUNT_ROLE, hasRole } from "@flipside/contracts/roles";
import {
  Bell,
  BookOpen,
  Bot,
  Building2,
  CalendarRange,
  ChartColumn,
  CreditCard,
  Crosshair,
  Flame,
  Globe,
  type IconComponent,
  Images,
  Layers,
  LayoutDashboard,
  LifeBuoy,
  Link2,
  ListFilter,
  LogIn,
  MapPin,
  Megaphone,
  Receipt,
  Settings,
  ShieldCheck,
  Sparkles,
  Tag,
  TrendingUp,
  User,
  UserPlus,
  Users,
  Wallet,
} from "../components/ui/icons.tsx";

/** docs/web-app.md#routes-and-layouts menu and screen identifiers: stable `data-testid`s (and ids inside menus). */
export type MenuId =
  | "suggest_topic"
  | "owner"
  | "related_pages"
  | "my_profile"
  | "support"
  | "top"
  | "trending"
  | "about"
  | "terms_and_conditions"
  | "login"
  | "signup"
  | "dashboard"
  | "settings"
  | "websites"
  | "social_media"
  | "billing"
  | "organisation"
  | "notifications"
  | "sign-out"
  | "admin";

export interface MenuLink {
  id: MenuId;
  label: string;
  to: string;
  icon: IconComponent;
  /** Left out in app mode (docs/web-app.md#guards-and-redirects: these profile pages are not part of the app). */
  hiddenInApp?: boolean;
}

export interface PageActionItem {
  id: "suggest_topic" | "owner" | "related_pages";
  label: string;
  icon: IconComponent;
}

/** Actions on the page being viewed; enabled once a page view registers handlers. */
export const PAGE_ACTION_ITEMS: readonly PageActionItem[] = [
  { id: "suggest_topic", label: "Suggest a topic", icon: Tag },
  { id: "owner", label: "I own this site", icon: ShieldCheck },
  { id: "related_pages", label: "Related pages", icon: Link2 },
];

export const EXPLORE_LINKS: readonly MenuLink[] = [
  { id: "trending", label: "Trending", to: "/trending", icon: TrendingUp },
  { id: "top", label: "Top pages", to: "/popular", icon: Flame },
];

export const INFO_LINKS: readonly MenuLink[] = [
  { id: "about", label: "About", to: "/about", icon: Sparkles },
  { id: "support", label: "Support", to: "/support", icon: LifeBuoy },
  { id: "terms_and_conditions", label: "Terms and conditions", to: "/terms", icon: BookOpen },
];

export const GUEST_LINKS: readonly MenuLink[] = [
  { id: "login", label: "Log in", to: "/login", icon: LogIn },
  { id: "signup", label: "Sign up", to: "/signup", icon: UserPlus },
];

export const ACCOUNT_LINKS: readonly MenuLink[] = [
  { id: "my_profile", label: "My profile", to: "/profile", icon: User },
  { id: "dashboard", label: "Ads dashboard", to: "/ads", icon: LayoutDashboard },
  { id: "settings", label: "Settings", to: "/profile/settings", icon: Settings },
  { id: "websites", label: "Websites", to: "/profile/websites", icon: Globe, hiddenInApp: true },
  { id: "social_media", label: "Social accounts", to: "/profile/socials", icon: Users, hiddenInApp: true },
  { id: "billing", label: "Billing", to: "/profile/billing", icon: CreditCard, hiddenInApp: true },
  {
    id: "organisation",
    label: "Organisations",
    to: "/profile/organizations",
    icon: Building2,
    hiddenInApp: true,
  },
  { id: "notifications", label: "Notifications", to: "/profile/notifications", icon: Bell },
];

/** Shown to moderators and admins only; to anyone else every /admin path is the 404 page. */
export const ADMIN_LINK: MenuLink = {
  id: "admin",
  label: "Admin",
  to: "/admin",
  icon: ShieldCheck,
  hiddenInApp: true,
};

/** A signed-in person's own pages, in app mode or not; moderators and admins get the admin area too. */
export function accountLinks(roles: readonly string[] | undefined, isApp: boolean): MenuLink[] {
  const links = hasRole(roles, ACCOUNT_ROLE.MODERATOR) ? [...ACCOUNT_LINKS, ADMIN_LINK] : ACCOUNT_LINKS;
  return links.filter((link) => !(isApp && link.hiddenInApp));
}

/** The footer's links, in reading order. */
export const FOOTER_LINKS: readonly MenuLink[] = [...INFO_LINKS, ...EXPLORE_LINKS];

export const PROFILE_NAV: readonly (Omit<MenuLink, "id"> & { id: string })[] = [
  { id: "profile", label: "Overview", to: "/profile", icon: User },
  { id: "profile-settings", label: "Settings", to: "/profile/settings", icon: Settings },
  { id: "profile-websites", label: "Websites", to: "/profile/websites", icon: Globe, hiddenInApp: true },
  { id: "profile-socials", label: "Social accounts", to: "/profile/socials", icon: Users, hiddenInApp: true },
  { id: "profile-tabs", label: "Tabs", to: "/profile/tabs", icon: Layers },
  { id: "profile-wallet", label: "Wallet", to: "/profile/wallet", icon: Wallet },
  { id: "profile-notifications", label: "Notifications", to: "/profile/notifications", icon: Bell },
  { id: "profile-billing", label: "Billing", to: "/profile/billing", icon: CreditCard, hiddenInApp: true },
  {
    id: "profile-organizations",
    label: "Organisations",
    to: "/profile/organizations",
    icon: Building2,
    hiddenInApp: true,
  },
];

export const ADS_NAV: readonly { id: string; label: string; to: string; icon: IconComponent }[] = [
  { id: "ads", label: "Dashboard", to: "/ads", icon: LayoutDashboard },
  { id: "ads-campaigns", label: "Campaigns", to: "/ads/campaigns", icon: Megaphone },
  { id: "ads-analytics", label: "Analytics", to: "/ads/analytics", icon: ChartColumn },
  { id: "ads-creative-lib", label: "Creative Library", to: "/ads/creative-lib", icon: Images },
  { id: "ads-filters", label: "Filters", to: "/ads/filters", icon: ListFilter },
  { id: "ads-geo-fence", label: "Geo Fence", to: "/ads/geo-fence", icon: MapPin },
  { id: "ads-retargeting", label: "Retargeting", to: "/ads/retargeting", icon: Crosshair },
  { id: "ads-media-planning", label: "Media Planning", to: "/ads/media-planning", icon: CalendarRange },
  { id: "ads-bidding-autopilot", label: "Bidding Autopilot", to: "/ads/bidding-autopilot", icon: Bot },
  { id: "ads-billing", label: "Billing", to: "/ads/billing", icon: Receipt },
  { id: "ads-admin", label: "Admin", to: "/ads/admin", icon: ShieldCheck },
];
