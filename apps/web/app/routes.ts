import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every path of docs/web-app.md#routes-and-layouts, with its layout. Layout routes add no path segment; route ids
 * follow the specification's route-name identifiers where it names them (popular, terms, profile-…).
 */
export default [
  layout("routes/layouts/home.tsx", [
    index("routes/home/index.tsx"),
    // Search results (docs/search.md); `/?q=` redirects here.
    route("search", "routes/home/search.tsx"),
    route("login", "routes/home/login.tsx"),
    // A provider's address that is an existing account's: prove the account (docs/sign-in-providers.md).
    route("login/link", "routes/home/login-link.tsx"),
    route("signup", "routes/home/signup.tsx"),
    ...prefix("join", [
      index("routes/home/join.tsx"),
      route("app", "routes/home/join-app.tsx"),
      route(":code", "routes/home/join-code.tsx"),
    ]),
    route("validate-email", "routes/home/validate-email.tsx"),
    route("share", "routes/home/share.tsx"),
    route("plans", "routes/home/plans.tsx"),
    route("facebook/verify", "routes/home/facebook-verify.tsx"),
    route("beta-user/activate/:code", "routes/home/beta-user-activate.tsx"),
    // The link of an organisation's invitation mail (docs/organizations.md#invitations).
    route("organizations/invitations/:key", "routes/home/organization-invitation.tsx"),
  ]),

  layout("routes/layouts/landing.tsx", [route("reset-password", "routes/landing/reset-password.tsx")]),

  // No layout: the page the browser extension opens (docs/web-app.md#routes-and-layouts).
  route("extension", "routes/extension.tsx"),

  layout("routes/layouts/secondary.tsx", [
    route("popular", "routes/secondary/popular.tsx", { id: "popular" }),
    route("trending", "routes/secondary/trending.tsx", { id: "trending" }),
    route("terms", "routes/secondary/terms.tsx", { id: "terms" }),
    route("topics/:slug", "routes/secondary/topic.tsx", { id: "topic" }),
  ]),

  layout("routes/layouts/user-details.tsx", [
    route("users/:uuid", "routes/user-details/user.tsx", { id: "users" }),
    route("profiles/:uuid", "routes/user-details/user.tsx", { id: "profiles" }),
  ]),

  layout("routes/layouts/ads.tsx", [
    ...prefix("ads", [
      index("routes/ads/dashboard.tsx"),
      route("admin", "routes/ads/admin.tsx"),
      route("analytics", "routes/ads/analytics.tsx"),
      route("bidding-autopilot", "routes/ads/bidding-autopilot.tsx"),
      route("billing", "routes/ads/billing.tsx"),
      route("campaigns", "routes/ads/campaigns.tsx"),
      route("creative-lib", "routes/ads/creative-lib.tsx"),
      route("filters", "routes/ads/filters.tsx"),
      route("geo-fence", "routes/ads/geo-fence.tsx"),
      route("media-planning", "routes/ads/media-planning.tsx"),
      route("retargeting", "routes/ads/retargeting.tsx"),
    ]),
  ]),

  layout("routes/layouts/profile.tsx", [
    ...prefix("profile", [
      index("routes/profile/index.tsx", { id: "profile" }),
      route("billing", "routes/profile/billing.tsx", { id: "profile-billing" }),
      route("notifications", "routes/profile/notifications.tsx", { id: "profile-notifications" }),
      route("organizations", "routes/profile/organizations.tsx", { id: "profile-organizations" }),
      route("organizations/:id", "routes/profile/organization.tsx", { id: "profile-organization" }),
      route("settings", "routes/profile/settings.tsx", { id: "profile-settings" }),
      route("socials", "routes/profile/socials.tsx", { id: "profile-socials" }),
      route("tabs", "routes/profile/tabs.tsx", { id: "profile-tabs" }),
      route("wallet", "routes/profile/wallet.tsx", { id: "profile-wallet" }),
      route("websites", "routes/profile/websites.tsx", { id: "profile-websites" }),
      route("websites/claim", "routes/profile/website-claim.tsx", { id: "profile-website-claim" }),
      route("websites/:domain", "routes/profile/website.tsx", { id: "profile-website" }),
      route("websites/:domain/checkout", "routes/profile/website-checkout.tsx", {
        id: "profile-website-checkout",
      }),
      // docs/web-app.md#routes-and-layouts: any other /profile/... path goes to the profile home.
      route("*", "routes/profile/redirect.tsx", { id: "profile-redirect" }),
    ]),
  ]),

  // Handled outside the page list (docs/web-app.md#routes-and-layouts): share codes resolve here.
  route("s/:code", "routes/share-code.tsx"),

  // Generic pages from content/*.md; any other path is the 404 page.
  // The admin area (docs/admin.md) is part of the default layout; to anyone without a role every
  // /admin path is this layout's 404 page, as for a path that does not exist.
  layout("routes/layouts/default.tsx", [
    ...prefix("admin", [
      layout("routes/admin/layout.tsx", { id: "admin-layout" }, [
        index("routes/admin/index.tsx", { id: "admin" }),
        route("moderation", "routes/admin/moderation.tsx", { id: "admin-moderation" }),
        route("moderation/:kind/:id", "routes/admin/moderation-target.tsx", {
          id: "admin-moderation-target",
        }),
        route("roles", "routes/admin/roles.tsx", { id: "admin-roles" }),
        route("invitations", "routes/admin/invitations.tsx", { id: "admin-invitations" }),
        route("beta-users", "routes/admin/beta-users.tsx", { id: "admin-beta-users" }),
        route("wallets", "routes/admin/wallets.tsx", { id: "admin-wallets" }),
        route("audit-log", "routes/admin/audit-log.tsx", { id: "admin-audit-log" }),
      ]),
    ]),
    route("*", "routes/content-page.tsx", { id: "content-page" }),
  ]),
] satisfies RouteConfig;
