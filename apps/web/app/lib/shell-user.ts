import { z } from "zod";

/**
 * What the shell needs to know about the signed-in account: a lenient subset of the API's
 * account answer, so the header keeps working while the account shape grows.
 */
export const ShellUser = z.object({
  id: z.string(),
  displayName: z.string().nullish(),
  email: z.string().nullish(),
  imageUrl: z.string().nullish(),
  activated: z.boolean().optional(),
});
export type ShellUser = z.infer<typeof ShellUser>;

export function userInitials(user: ShellUser): string {
  const source = (user.displayName || user.email || "?").trim();
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : source.slice(0, 2);
  return letters.toUpperCase();
}
