import { ADS_MESSAGES } from "@flipside/contracts/ads-constants";
import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/errors.ts";
import { compileFilter, type FilterSpec, parseSearchAnd } from "../../lib/search-filter.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { type AdAccess, requireAdAccount } from "./access.ts";

/**
 * An ads list's `searchAnd`, which must name the advertiser account (`adAccountId==…`, ADS.md
 * §2.3): the account is checked for the viewer before anything is read, so a foreign account's
 * list is the same 404 as its objects.
 */
export async function accountFilter(
  db: Db,
  viewer: Viewer,
  searchAnd: string | undefined,
  spec: FilterSpec,
): Promise<{ access: AdAccess; where: SQL | undefined }> {
  const filter = parseSearchAnd(searchAnd, spec);
  const clause = filter.find((c) => c.field === "adAccountId" && c.op === "==");
  if (!clause || typeof clause.value !== "string") {
    throw badRequest(ADS_MESSAGES.accountFilterRequired, [
      { field: "searchAnd", message: ADS_MESSAGES.accountFilterRequired },
    ]);
  }
  const access = await requireAdAccount(db, viewer, clause.value, "read");
  return { access, where: compileFilter(filter, spec) };
}
