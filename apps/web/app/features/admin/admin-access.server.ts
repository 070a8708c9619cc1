import { SESSION_COOKIE } from "@flipside/contracts/constants";
import { type AccountRole, hasRole } from "@flipside/contracts/roles";
import { type AppLoadContext, data } from "react-router";
import { serverApi } from "../../lib/api.server.ts";
import { isApiError } from "../../lib/api.ts";
import { readCookie } from "../../lib/cookies.ts";
import { toShellUser } from "../../lib/shell-user.ts";

/** The 404 page, exactly as for a path that does not exist (the catch-all's answer). */
export const notFoundPage = (request: Request) => data(new URL(request.url).pathname, { status: 404 });

/**
 * The admin area's gate (docs/admin.md): anyone without the role — signed out included, who is
 * not sent to log in — sees the 404 page, so the area's existence does not leak. Answers the
 * viewer's roles.
 */
export async function requireAdminArea(
  request: Request,
  context: AppLoadContext,
  role: AccountRole,
): Promise<{ roles: string[] }> {
  if (!readCookie(request.headers.get("cookie"), SESSION_COOKIE)) throw notFoundPage(request);
  const user = toShellUser(
    await serverApi(context)
      .get<unknown>("/account")
      .catch(() => null),
  );
  if (!user?.activated || !hasRole(user.roles, role)) throw notFoundPage(request);
  return { roles: user.roles ?? [] };
}

/** Runs an admin loader's calls; the API's 404 (the role was taken meanwhile) is the 404 page too. */
export async function adminLoad<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFoundPage(request);
    throw error;
  }
}
