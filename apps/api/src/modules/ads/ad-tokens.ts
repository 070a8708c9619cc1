import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { AD_PRICING_MODELS, type AdPricingModel } from "@flipside/contracts/ads-constants";

/**
 * A serving decision, signed (ADS.md §3.9): the beacon and the click carry it back, and it is the
 * only thing either trusts — which campaign, which creative, whose view, at what price, when.
 * Not a row: the decision itself writes nothing.
 */
export interface AdDecision {
  decisionId: string;
  campaignId: string;
  creativeId: string;
  adAccountId: string;
  siteDomain: string;
  sitePageId: string | null;
  viewerKey: string;
  country: string | null;
  pricingModel: AdPricingModel;
  priceMicros: number;
  /** Milliseconds since the epoch, to the second. */
  issuedAt: number;
}

const VERSION = 1;

export interface AdTokens {
  sign(decision: AdDecision): string;
  /** The decision, or null when the token was not made by us (any change to it, any garbage). */
  verify(token: string): AdDecision | null;
}

/** ADS_TOKEN_SECRET, or a key of its own derived from the sessions' secret (never the same key). */
export function adTokenKey(adsSecret: string | undefined, jwtSecret: Uint8Array): Buffer {
  if (adsSecret) return Buffer.from(adsSecret);
  return Buffer.from(hkdfSync("sha256", jwtSecret, "flipside", "ads decision tokens", 32));
}

const isString = (v: unknown): v is string => typeof v === "string";

export function createAdTokens(key: Buffer): AdTokens {
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    sign(d) {
      const payload = Buffer.from(
        JSON.stringify([
          VERSION,
          d.decisionId,
          d.campaignId,
          d.creativeId,
          d.adAccountId,
          d.siteDomain,
          d.sitePageId ?? "",
          d.viewerKey,
          d.country ?? "",
          d.pricingModel,
          d.priceMicros,
          Math.floor(d.issuedAt / 1000),
        ]),
      ).toString("base64url");
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    verify(token) {
      const dot = token.indexOf(".");
      if (dot <= 0 || token.length > 1500) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), "base64url");
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parts: unknown;
      try {
        parts = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      if (!Array.isArray(parts) || parts.length !== 12 || parts[0] !== VERSION) return null;
      const [, decisionId, campaignId, creativeId, adAccountId, siteDomain, page, viewerKey, country] = parts;
      const [pricingModel, priceMicros, issuedAt] = parts.slice(9);
      const model = AD_PRICING_MODELS.find((m) => m === pricingModel);
      if (
        ![decisionId, campaignId, creativeId, adAccountId, siteDomain, page, viewerKey, country].every(
          isString,
        ) ||
        !model ||
        !Number.isSafeInteger(priceMicros) ||
        !Number.isSafeInteger(issuedAt)
      ) {
        return null;
      }
      return {
        decisionId,
        campaignId,
        creativeId,
        adAccountId,
        siteDomain,
        sitePageId: page || null,
        viewerKey,
        country: country || null,
        pricingModel: model,
        priceMicros,
        issuedAt: issuedAt * 1000,
      };
    },
  };
}
