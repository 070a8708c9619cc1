import { z } from "zod";
import { servedAddress } from "./addresses.ts";
import { ColorModePreference, OrganizationRole } from "./enums.ts";
import { lineText, multilineText } from "./text.ts";

/** docs/accounts.md#passwords: password rules shared by the API (authoritative) and the web forms. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The special characters a password must contain one of: the ASCII punctuation set. */
export const PASSWORD_SPECIAL_CHARACTERS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

export const PASSWORD_MESSAGES = {
  minLength: "The password must be eight characters or longer",
  lowercase: "The password must contain at least 1 lowercase alphabetical character",
  uppercase: "The password must contain at least 1 uppercase alphabetical character",
  digit: "The password must contain at least 1 numeric character",
  special: "The password must contain at least one special character",
  maxLength: `The password must be ${PASSWORD_MAX_LENGTH} characters or shorter`,
  common: "This password is one of the most common passwords. Choose one that is harder to guess",
} as const;

export type PasswordRuleId = "minLength" | "lowercase" | "uppercase" | "digit" | "special" | "maxLength";

export interface PasswordRule {
  id: PasswordRuleId;
  message: string;
  test(password: string): boolean;
}

const specials = new Set(PASSWORD_SPECIAL_CHARACTERS);

/**
 * The composition rules in the order a form shows them (the web ticks them off as they are
 * met). The list of common passwords is checked by the server only: it is too big to ship.
 */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: "minLength",
    message: PASSWORD_MESSAGES.minLength,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
  { id: "lowercase", message: PASSWORD_MESSAGES.lowercase, test: (p) => /\p{Ll}/u.test(p) },
  { id: "uppercase", message: PASSWORD_MESSAGES.uppercase, test: (p) => /\p{Lu}/u.test(p) },
  { id: "digit", message: PASSWORD_MESSAGES.digit, test: (p) => /[0-9]/.test(p) },
  { id: "special", message: PASSWORD_MESSAGES.special, test: (p) => [...p].some((c) => specials.has(c)) },
  {
    id: "maxLength",
    message: PASSWORD_MESSAGES.maxLength,
    test: (p) => [...p].length <= PASSWORD_MAX_LENGTH,
  },
];

/** The messages of every composition rule the password breaks (empty when it is fine). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.message);
}

/** A new password: every broken rule becomes its own issue, so forms can show them all. */
export const NewPassword = z.string().superRefine((value, ctx) => {
  for (const message of passwordProblems(value)) ctx.addIssue({ code: "custom", message });
});

export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 500;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** What an avatar upload may be, recognised by its content; the server stores a WebP made from its pixels. */
export const AVATAR_KINDS = ["jpeg", "png", "webp", "gif"] as const;
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

export const ACCOUNT_MESSAGES = {
  email: "Enter a valid email address",
  displayNameRequired: "Enter a display name",
  displayNameTooLong: `The display name must be ${DISPLAY_NAME_MAX_LENGTH} characters or shorter`,
  bioTooLong: `The bio must be ${BIO_MAX_LENGTH} characters or shorter`,
  language: "Choose a language such as en or pt-BR",
  passwordRequired: "Enter your password",
  wrongCurrentPassword: "The current password is not correct",
  wrongPassword: "The password is not correct",
  noPassword: "This account has no password yet: set one with “Forgot password?” on the sign-in page",
  invalidCredentials: "The email or password is not correct.",
  invalidActivationKey: "This activation link is not valid or was already used.",
  invalidResetKey: "This reset link is not valid, has expired or was already used.",
  registered: "Check your mail: we sent you a link to activate your account.",
  resetRequested: "Password instructions sent",
  alreadyActivated: "Your account is already activated.",
  imageType: "The image must be a JPEG, PNG, WebP or GIF file",
  imageTooLarge: "The image must be 5 MB or smaller",
  socialLinkInvalid: "Give a full web address, such as https://mastodon.social/@you",
} as const;

/** http(s) with a host name that has a dot and is not a bare IP address, and no credentials. */
export function isPublicWebAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  const host = url.hostname;
  if (!host.includes(".") || host.endsWith(".")) return false;
  // IPv4 literals and IPv6 literals (bracketed): a person's page elsewhere has a name.
  if (/^[\d.]+$/.test(host) || host.startsWith("[")) return false;
  return true;
}

/** How a link reads: the address without scheme, "www." or a trailing slash. */
export function socialLinkLabel(value: string): string {
  const url = new URL(value);
  const path = `${url.pathname}${url.search}`.replace(/\/$/, "");
  return `${url.host.replace(/^www\./, "")}${path}`;
}

export const Email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: ACCOUNT_MESSAGES.email })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.email }));

const DisplayName = lineText()
  .min(1, { error: ACCOUNT_MESSAGES.displayNameRequired })
  .max(DISPLAY_NAME_MAX_LENGTH, { error: ACCOUNT_MESSAGES.displayNameTooLong });
const Bio = multilineText().trim().max(BIO_MAX_LENGTH, { error: ACCOUNT_MESSAGES.bioTooLong });
/** A BCP 47 language tag, loosely: `en`, `pt-BR`, `zh-Hant-TW`. */
const Language = z
  .string()
  .trim()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$/, { error: ACCOUNT_MESSAGES.language });
/** The password of an existing account: no composition rules (they may have changed since). */
const CurrentPassword = z
  .string()
  .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
  .max(1024, { error: ACCOUNT_MESSAGES.wrongPassword });

export const RegisterRequest = z
  .strictObject({
    email: Email,
    password: NewPassword,
    displayName: DisplayName,
    invitationCode: lineText().max(64).optional(),
    /** The key of an approved beta request's link (docs/joining.md): passes the gate, proves the address. */
    betaKey: z.string().max(128).optional(),
  })
  .meta({ id: "RegisterRequest" });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** The same answer whether or not the address already had an account (no enumeration). */
export const RegisterResponse = z.object({ message: z.string() }).meta({ id: "RegisterResponse" });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** docs/accounts.md login payload. */
export const LoginRequest = z
  .strictObject({
    username: Email,
    password: CurrentPassword,
    rememberMe: z.boolean().default(false),
  })
  .meta({ id: "LoginRequest" });
export type LoginRequest = z.input<typeof LoginRequest>;
export const LoginResponse = z.object({ id_token: z.string() }).meta({ id: "LoginResponse" });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const ActivateRequest = z
  .strictObject({ activationKey: z.string().min(1).max(200) })
  .meta({ id: "ActivateRequest" });
export const ActivateQuery = z.object({ key: z.string().min(1).max(200) });
export const ActivateResponse = z.object({ activated: z.literal(true) }).meta({ id: "ActivateResponse" });
export type ActivateResponse = z.infer<typeof ActivateResponse>;

export const SOCIAL_LINKS_MAX = 5;
export const SOCIAL_LINK_MAX_LENGTH = 300;

/**
 * An address of the person elsewhere, shown on their public page (docs/accounts.md#social-links):
 * http(s), a public host name (no bare IP, no credentials), at most 300 characters.
 */
export const SocialLinkUrl = z
  .string()
  .trim()
  .max(SOCIAL_LINK_MAX_LENGTH, { error: `At most ${SOCIAL_LINK_MAX_LENGTH} characters.` })
  .refine(isPublicWebAddress, { error: ACCOUNT_MESSAGES.socialLinkInvalid });

export const Account = z
  .object({
    id: z.uuid(),
    email: z.string(),
    displayName: z.string(),
    bio: z.string(),
    language: z.string(),
    colorMode: ColorModePreference,
    imageUrl: servedAddress().nullable(),
    activated: z.boolean(),
    roles: z.array(z.string()),
    /** Addresses of the person elsewhere, in their order. */
    socialLinks: z.array(z.string()),
    /** "Use my reading on Flipside to personalise ads": off until turned on (docs/ads.md#audiences). */
    personalisedAds: z.boolean(),
    /** The organisations the account belongs to, by name, with its role in each. */
    organizations: z.array(
      z.object({ id: z.uuid(), name: z.string(), slug: z.string(), role: OrganizationRole }),
    ),
    createdDate: z.iso.datetime(),
  })
  .meta({ id: "Account" });
export type Account = z.infer<typeof Account>;

/** POST /account: only these fields; anything else in the body is ignored (no mass assignment). */
export const UpdateAccountRequest = z
  .strictObject({
    displayName: DisplayName.optional(),
    bio: Bio.optional(),
    language: Language.optional(),
    colorMode: ColorModePreference.optional(),
    /** Replaces the list; duplicates are dropped. */
    socialLinks: z
      .array(SocialLinkUrl)
      .max(SOCIAL_LINKS_MAX, { error: `At most ${SOCIAL_LINKS_MAX} links.` })
      .optional(),
    /** Off also takes the account out of every advertiser's audience at once. */
    personalisedAds: z.boolean().optional(),
  })
  .meta({ id: "UpdateAccountRequest" });
export type UpdateAccountRequest = z.infer<typeof UpdateAccountRequest>;

export const DeleteAccountRequest = z
  .strictObject({ password: CurrentPassword })
  .meta({ id: "DeleteAccountRequest" });

export const ChangePasswordRequest = z
  .strictObject({ currentPassword: CurrentPassword, newPassword: NewPassword })
  .meta({ id: "ChangePasswordRequest" });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** docs/accounts.md image change payload: the image as base64 or as a `data:` URL. */
export const ChangeImageRequest = z
  .strictObject({ base64: z.string().min(1) })
  .meta({ id: "ChangeImageRequest" });

/** docs/accounts.md password reset request; isBackOffice is accepted and has no effect. */
export const ResetPasswordInitRequest = z
  .strictObject({ mail: Email, isBackOffice: z.boolean().optional().default(false) })
  .meta({ id: "ResetPasswordInitRequest" });
export const ResetPasswordInitResponse = z
  .object({ message: z.string() })
  .meta({ id: "ResetPasswordInitResponse" });
export type ResetPasswordInitResponse = z.infer<typeof ResetPasswordInitResponse>;

export const ResetPasswordFinishRequest = z
  .strictObject({ key: z.string().min(1).max(200), newPassword: NewPassword })
  .meta({ id: "ResetPasswordFinishRequest" });
export type ResetPasswordFinishRequest = z.infer<typeof ResetPasswordFinishRequest>;

/** A signed-in device, as the sessions list of the settings shows it. */
export const AccountSession = z
  .object({
    id: z.uuid(),
    /** "Chrome 131", from the browser's user agent; null when it said nothing useful. */
    browser: z.string().nullable(),
    /** "macOS", "Android 14"… */
    os: z.string().nullable(),
    device: z.enum(["desktop", "mobile", "tablet", "other"]),
    createdDate: z.iso.datetime(),
    /** To within a few minutes. */
    lastSeenDate: z.iso.datetime(),
    expiresDate: z.iso.datetime(),
    /** The session this request came with. */
    current: z.boolean(),
  })
  .meta({ id: "AccountSession" });
export type AccountSession = z.infer<typeof AccountSession>;

/** What a profile has added: contributions not deleted, PUBLIC notes, up votes received. */
export const ProfileStats = z
  .object({
    comments: z.number().int(),
    reviews: z.number().int(),
    relatedPages: z.number().int(),
    publicNotes: z.number().int(),
    votesReceived: z.number().int(),
  })
  .meta({ id: "ProfileStats" });
export type ProfileStats = z.infer<typeof ProfileStats>;

/** The public face of an account (docs/discussion.md#model: the profile id is the user id). */
export const Profile = z
  .object({
    id: z.uuid(),
    displayName: z.string(),
    imageUrl: servedAddress().nullable(),
    /** Markdown source. */
    bio: z.string(),
    /** `bio` rendered from markdown and sanitized: safe to insert as HTML. */
    bioHtml: z.string(),
    createdDate: z.iso.datetime(),
    stats: ProfileStats,
    /** Shown with rel="me noopener"; `label` is the address without its scheme. */
    socialLinks: z.array(z.object({ url: z.string(), label: z.string() })),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof Profile>;
