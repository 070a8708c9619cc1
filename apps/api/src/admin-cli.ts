import { ACCOUNT_ROLE } from "@flipside/contracts/roles";
import { arrayContains, sql } from "drizzle-orm";
import { runAsCommand } from "./command-database.ts";
import type { Db } from "./db/client.ts";
import { users } from "./db/schema/accounts.ts";
import { grantConfiguredAdmins } from "./modules/admin/index.ts";

const USAGE = `Usage:
  npm run admin -- grant <email>   make the activated account of <email> an admin
  npm run admin -- list            list the admins and moderators`;

/**
 * `npm run admin`: names the first admin without touching the configuration (docs/admin.md).
 * Returns what to print and the exit code, so tests can run it against their own database.
 */
export async function runAdminCommand(
  db: Db,
  args: readonly string[],
): Promise<{ out: string; code: number }> {
  const [command, email] = args;
  if (command === "grant" && email) {
    const [user] = await db
      .select({ activated: users.activated, roles: users.roles })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (!user) return { out: `There is no account with the address ${email}.`, code: 1 };
    if (!user.activated) {
      return {
        out: `The account of ${email} is not activated yet: activate it first, then run this again.`,
        code: 1,
      };
    }
    if (user.roles.includes(ACCOUNT_ROLE.ADMIN)) return { out: `${email} is already an admin.`, code: 0 };
    await grantConfiguredAdmins(db, [email], { actorName: "Command line (npm run admin)" });
    return { out: `${email} is now an admin. It shows within a minute on a running server.`, code: 0 };
  }
  if (command === "list") {
    const rows = await db
      .select({ email: users.email, roles: users.roles })
      .from(users)
      .where(
        sql`${arrayContains(users.roles, [ACCOUNT_ROLE.ADMIN])} or ${arrayContains(users.roles, [ACCOUNT_ROLE.MODERATOR])}`,
      )
      .orderBy(users.email);
    const lines = rows.map(
      (row) => `${row.email}\t${row.roles.includes(ACCOUNT_ROLE.ADMIN) ? "admin" : "moderator"}`,
    );
    return { out: lines.length ? lines.join("\n") : "No admins or moderators yet.", code: 0 };
  }
  return { out: USAGE, code: 2 };
}

runAsCommand(import.meta.url, runAdminCommand);
