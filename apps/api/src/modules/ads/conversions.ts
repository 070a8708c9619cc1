import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AdConversionSettings } from "@flipside/contracts/ads";
import { AD_CONVERSION_LIMITS, type AdConversionSource } from "@flipside/contracts/ads-constants";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adAccounts, adClicks, adConversions } from "../../db/schema/ads.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";

/**
 * Conversions (ADS.md amendments): the advertiser's site reports one with the click id the click
 * added to its address (`fs_click`), from its server (signed with the account's secret) or with
 * an image pixel. The reported click is the last one that site saw (it keeps the latest id), and
 * it counts when it came within the account's window before the conversion: one per click.
 */

export type ConversionOutcome =
  | "RECORDED"
  | "DUPLICATE"
  | "UNKNOWN_CLICK"
  | "OUTSIDE_WINDOW"
  | "BAD_SIGNATURE";

const DAY_MS = 86_400_000;

/** What a server signs: `${clickId}.${occurredAt}.${valueMicros}` (empty without a value), HMAC-SHA256, hex. */
export const conversionSignature = (
  secret: string,
  clickId: string,
  occurredAt: string,
  valueMicros?: number | null,
) =>
  createHmac("sha256", secret)
    .update(`${clickId}.${occurredAt}.${valueMicros ?? ""}`)
    .digest("hex");

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function recordConversion(
  db: Db,
  input: {
    clickId: string;
    source: AdConversionSource;
    at: Date;
    valueMicros: number | null;
    /** For SERVER: the signature and the exact time text it signed. */
    signed?: { signature: string; occurredAt: string };
  },
): Promise<ConversionOutcome> {
  const [click] = await db
    .select({
      click: adClicks,
      secret: adAccounts.conversionSecret,
      windowDays: adAccounts.conversionWindowDays,
    })
    .from(adClicks)
    .innerJoin(adAccounts, eq(adAccounts.id, adClicks.adAccountId))
    .where(eq(adClicks.decisionId, input.clickId));
  if (!click) return "UNKNOWN_CLICK";
  if (
    input.signed &&
    !sameSignature(
      conversionSignature(click.secret, input.clickId, input.signed.occurredAt, input.valueMicros),
      input.signed.signature,
    )
  ) {
    return "BAD_SIGNATURE";
  }
  const after = input.at.getTime() - click.click.at.getTime();
  if (after < -AD_CONVERSION_LIMITS.clockSkewMs || after > click.windowDays * DAY_MS) return "OUTSIDE_WINDOW";
  const [inserted] = await db
    .insert(adConversions)
    .values({
      clickId: input.clickId,
      campaignId: click.click.campaignId,
      creativeId: click.click.creativeId,
      adAccountId: click.click.adAccountId,
      siteDomain: click.click.siteDomain,
      country: click.click.country,
      source: input.source,
      valueMicros: input.valueMicros,
      clickedAt: click.click.at,
      // Never before the click: a clock a little ahead does not move it back.
      at: new Date(Math.max(input.at.getTime(), click.click.at.getTime())),
    })
    .onConflictDoNothing()
    .returning({ id: adConversions.id });
  return inserted ? "RECORDED" : "DUPLICATE";
}

function present(
  account: typeof adAccounts.$inferSelect,
  canWrite: boolean,
  apiOrigin: string,
): AdConversionSettings {
  return {
    windowDays: account.conversionWindowDays,
    // The secret is its owners' and admins' to keep; a MEMBER sees that there is one.
    secret: canWrite ? account.conversionSecret : null,
    clickParam: AD_CONVERSION_LIMITS.clickParam,
    endpoint: `${apiOrigin}/api/v1/ad-conversions`,
    pixel: `${apiOrigin}/api/v1/ad-conversions/pixel.gif?click={${AD_CONVERSION_LIMITS.clickParam}}`,
  };
}

export function createConversionSettings(db: Db, apiOrigin: string) {
  return {
    async read(viewer: Viewer, id: string): Promise<AdConversionSettings> {
      const { account, role } = await requireAdAccount(db, viewer, id, "read");
      return present(account, role !== "MEMBER", apiOrigin);
    },
    async setWindow(viewer: Viewer, id: string, windowDays: number): Promise<AdConversionSettings> {
      await requireAdAccount(db, viewer, id, "write");
      const [row] = await db
        .update(adAccounts)
        .set({ conversionWindowDays: windowDays })
        .where(eq(adAccounts.id, id))
        .returning();
      if (!row) throw new Error("the account went away");
      return present(row, true, apiOrigin);
    },
    /** A new secret: servers signing with the old one are refused from now on. */
    async rotate(viewer: Viewer, id: string): Promise<AdConversionSettings> {
      await requireAdAccount(db, viewer, id, "write");
      const [row] = await db
        .update(adAccounts)
        .set({ conversionSecret: randomBytes(32).toString("hex") })
        .where(eq(adAccounts.id, id))
        .returning();
      if (!row) throw new Error("the account went away");
      return present(row, true, apiOrigin);
    },
  };
}
