/**
 * The features the help and about texts (content/*.md) speak of, each with what proves it is
 * there: the API operations it needs (as the OpenAPI document names them), the screens it is
 * used from (route modules of apps/web) and any other files it is made of. A feature is there
 * when every operation is in the OpenAPI document, no screen is still a placeholder
 * (`PlaceholderPage`, or `AdsPlaceholder` in the ads area) and every file exists.
 *
 * A text marks each claim it makes, just before it:
 *   <!-- feature: password-reset -->            it says the feature works;
 *   <!-- feature: delete-account (coming) -->   it says the feature is being built.
 * `apps/api/src/help-claims.test.ts` fails when a mark and the product disagree: a claim of
 * something missing, or a "being built" about something that has landed. The issue that builds
 * a feature therefore also rewrites the help that promised it. The marks are not shown.
 */
export interface Feature {
  /** "METHOD /path", as in the OpenAPI document. */
  operations: string[];
  /** Route modules under apps/web/app/, e.g. "routes/profile/settings.tsx". */
  screens: string[];
  /** Other files of the repository it is made of. */
  files?: string[];
}

export const FEATURES = {
  "open-a-page": { operations: ["POST /api/v1/site-pages/flip"], screens: ["routes/home/index.tsx"] },
  comments: {
    operations: [
      "GET /api/v1/site-page-comments",
      "POST /api/v1/site-page-comments",
      "POST /api/v1/contribution-votes",
    ],
    screens: ["routes/home/index.tsx"],
  },
  reviews: {
    operations: [
      "GET /api/v1/site-page-reviews",
      "POST /api/v1/site-page-reviews",
      "GET /api/v1/site-page-reviews/summary",
    ],
    screens: ["routes/home/index.tsx"],
  },
  "related-pages": {
    operations: ["GET /api/v1/site-page-related-pages", "POST /api/v1/site-page-related-pages"],
    screens: ["routes/home/index.tsx"],
  },
  "private-notes": {
    operations: ["GET /api/v1/notes", "POST /api/v1/notes"],
    screens: ["routes/home/index.tsx"],
  },
  "delete-own-contributions": {
    operations: [
      "DELETE /api/v1/site-page-comments/{id}",
      "DELETE /api/v1/site-page-reviews/{id}",
      "DELETE /api/v1/site-page-related-pages/{id}",
      "DELETE /api/v1/notes/{id}",
    ],
    screens: ["routes/home/index.tsx"],
  },
  "resend-activation": { operations: ["POST /api/account/resend-activation"], screens: [] },
  "password-reset": {
    operations: ["POST /api/account/reset-password/init", "POST /api/account/reset-password/finish"],
    screens: ["routes/landing/reset-password.tsx"],
  },
  "public-profiles": {
    operations: ["GET /api/v1/profiles/{id}", "GET /api/v1/profiles/{id}/notes", "GET /api/v1/contributions"],
    screens: ["routes/user-details/user.tsx"],
  },
  organisations: {
    operations: [
      "GET /api/v1/organizations",
      "POST /api/v1/organizations",
      "POST /api/v1/organizations/{id}/invitations",
      "POST /api/v1/organization-invitations/{key}/accept",
      "GET /api/v1/organizations/{id}/public",
    ],
    screens: [
      "routes/profile/organizations.tsx",
      "routes/profile/organization.tsx",
      "routes/home/organization-invitation.tsx",
    ],
  },
  "delete-account": { operations: ["DELETE /api/account"], screens: ["routes/profile/settings.tsx"] },
  "verify-a-site": {
    operations: [
      "POST /api/v1/site-verifications",
      "POST /api/v1/site-verifications/{id}/check",
      "POST /api/v1/site-verifications/invite/",
    ],
    screens: [
      "routes/profile/websites.tsx",
      "routes/profile/website-claim.tsx",
      "routes/profile/website.tsx",
    ],
  },
  "report-contributions": {
    operations: [
      "POST /api/v1/user-reports",
      "POST /api/v1/site-page-reports",
      "POST /api/v1/contribution-reports",
      "GET /api/v1/admin/moderation/cases",
    ],
    screens: ["routes/admin/moderation.tsx"],
    files: ["apps/web/app/components/report/report-dialog.tsx"],
  },
  "share-pages": {
    operations: [
      "GET /api/v1/share-codes",
      "GET /api/v1/share-codes/{code}",
      "POST /api/v1/site-page-shares/mail",
      "POST /api/v1/site-page-comment-shares/mail",
    ],
    screens: ["routes/home/index.tsx", "routes/share-code.tsx", "routes/home/share.tsx"],
    files: ["apps/web/app/components/share/share-dialog.tsx", "apps/web/public/manifest.webmanifest"],
  },
  topics: {
    operations: ["GET /api/v1/topics", "POST /api/v1/site-topics", "GET /api/v1/site-topics"],
    screens: ["routes/home/index.tsx", "routes/secondary/topic.tsx"],
  },
  "block-people": {
    operations: [
      "POST /api/v1/profile-blocks",
      "GET /api/v1/profile-blocks",
      "DELETE /api/v1/profile-blocks/{blockedId}",
    ],
    screens: ["routes/profile/settings.tsx"],
    files: ["apps/web/app/features/blocks/block-person.tsx"],
  },
  "browser-extension": {
    operations: ["GET /api/v1/page-counts/{prefix}"],
    screens: ["routes/extension.tsx"],
    files: ["apps/extension/wxt.config.ts", "apps/extension/src/entrypoints/sidepanel/panel.tsx"],
  },
  plans: {
    operations: [
      "GET /api/v1/plans",
      "GET /api/v1/billing/checkout",
      "POST /api/v1/billing/checkout",
      "GET /api/v1/billing",
      "GET /api/v1/site-verifications/{domain}/discussion.csv",
      "PUT /api/v1/site-verifications/{domain}/notice",
    ],
    screens: ["routes/home/plans.tsx", "routes/profile/website-checkout.tsx", "routes/profile/billing.tsx"],
  },
  // Ads shown next to discussions: the auction's call, the screens advertisers run them from,
  // and the slot that shows them on a page.
  advertising: {
    operations: ["GET /api/v1/advertisings"],
    screens: ["routes/ads/dashboard.tsx", "routes/ads/campaigns.tsx"],
    files: ["apps/web/app/components/ad-slot/ad-slot.tsx"],
  },
} satisfies Record<string, Feature>;

export type FeatureId = keyof typeof FEATURES;
