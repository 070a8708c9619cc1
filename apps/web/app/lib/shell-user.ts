/**
 * What the shell needs to know about the signed-in account: a lenient subset of the API's
 * account answer, so the header keeps working while the account shape grows.
 */
export interface ShellUser {
  id: string;
  displayName?: string | null;
  email?: string | null;
  imageUrl?: string | null;
  activated?: boolean;
  /** The organisations the person belongs to (the profile area's switcher, official responses). */
  organizations?: ShellOrganization[];
  /** ROLE_USER, and ROLE_MODERATOR / ROLE_ADMIN for the admin area's link (docs/admin.md). */
  roles?: string[];
}

export interface ShellOrganization {
  id: string;
  name: string;
  slug: string;
  role: "OWNER" | "ADMIN" | "MEMBER";
}

function organizationsOf(value: unknown): ShellOrganization[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (o): o is ShellOrganization =>
        typeof o === "object" &&
        o !== null &&
        typeof o.id === "string" &&
        typeof o.name === "string" &&
        typeof o.slug === "string" &&
        (o.role === "OWNER" || o.role === "ADMIN" || o.role === "MEMBER"),
    )
    .map(({ id, name, slug, role }) => ({ id, name, slug, role }));
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * The shell's subset of an account answer, or null when it has no id: only these fields travel
 * in every page's loader data, whatever else the account answer carries.
 */
export function toShellUser(account: unknown): ShellUser | null {
  if (typeof account !== "object" || account === null) return null;
  const { id, displayName, email, imageUrl, activated, organizations, roles } = account as Record<
    string,
    unknown
  >;
  if (typeof id !== "string") return null;
  return {
    id,
    displayName: text(displayName),
    email: text(email),
    imageUrl: text(imageUrl),
    ...(typeof activated === "boolean" ? { activated } : {}),
    organizations: organizationsOf(organizations),
    roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === "string") : [],
  };
}

/** Two letters for a name: "Maya Chen" → "MC", "kenji" → "KE"; "?" for nothing. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : name.trim().slice(0, 2);
  return letters.toUpperCase() || "?";
}

export function userInitials(user: ShellUser): string {
  return initialsOf(user.displayName || user.email || "?");
}
