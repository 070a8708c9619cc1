/**
 * Signing in with other providers (docs/sign-in-providers.md): the words the login and profile
 * pages show, without zod (the login page imports them).
 */

/** Why a sign-in with a provider came back to /login?signInError=…; the page shows the words. */
export const SIGN_IN_ERRORS = {
  state: "That sign-in was interrupted or took too long. Please try again.",
  denied: "The sign-in was cancelled at the provider. Nothing was shared with Flipside.",
  failed: "The provider's answer could not be checked, so you were not signed in. Please try again.",
  email:
    "Your account there has no verified email address. Verify it with the provider, or sign up with a password and link the provider from your profile.",
  taken: "That account is already linked to another Flipside account.",
  unknown: "That sign-in provider is not available.",
  suspended: "This account is suspended.",
  invitation:
    "That invitation code cannot be used: it does not exist, has been used or has expired. Ask the person who invited you for a new one.",
  gate: "Flipside is in a closed beta: joining needs an invitation code, or the link we mail when your request is approved.",
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export const isSignInErrorCode = (value: string | null): value is SignInErrorCode =>
  value !== null && Object.hasOwn(SIGN_IN_ERRORS, value);

export const SIGN_IN_MESSAGES = {
  lastWay:
    "This is your only way to sign in. Set a password (Forgot password? on the sign-in page) or link another provider first.",
  pendingLinkGone: "This link request has expired or was already used. Sign in with the provider again.",
  linkMailed: "Check your mail: we sent a link that finishes linking your account.",
} as const;

/** Minutes a pending link (an existing account's address came from a provider) waits for its proof. */
export const PENDING_LINK_TTL_MINUTES = 30;

/** Where the browser goes to sign in with a provider; `returnTo` is a path on this site. */
export function providerSignInPath(
  provider: string,
  options: { returnTo?: string; invitationCode?: string; betaKey?: string; rememberMe?: boolean } = {},
): string {
  const query = new URLSearchParams();
  if (options.returnTo) query.set("returnTo", options.returnTo);
  if (options.invitationCode) query.set("invitationCode", options.invitationCode);
  if (options.betaKey) query.set("betaKey", options.betaKey);
  if (options.rememberMe) query.set("rememberMe", "true");
  const search = query.toString();
  return `/api/sign-in/${encodeURIComponent(provider)}/start${search ? `?${search}` : ""}`;
}
