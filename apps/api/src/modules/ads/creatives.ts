import { createHash, randomBytes } from "node:crypto";
import type {
  AdCreative,
  AdCreativeImage,
  AdCreativeImageUpload,
  CreateAdCreative,
  UpdateAdCreative,
} from "@flipside/contracts/ads";
import { AD_CREATIVE_LIMITS, AD_CREATIVE_MESSAGES } from "@flipside/contracts/ads-constants";
import { and, count, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { adCampaignCreatives, adCampaigns, adCreativeImages, adCreatives } from "../../db/schema/ads.ts";
import { AppError, badRequest, conflict, notFound, validationFailed } from "../../lib/errors.ts";
import { reencodeImage } from "../../lib/images.ts";
import type { ListQuery } from "../../lib/pagination.ts";
import { compileSort, type FilterSpec, type SortSpec } from "../../lib/search-filter.ts";
import { newKey, type Storage } from "../../lib/storage.ts";
import { tryNormalizeUrl } from "../../lib/url-normalize.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { accountFilter } from "./lists.ts";

export type CreativeRow = typeof adCreatives.$inferSelect;
type ImageRow = typeof adCreativeImages.$inferSelect;

/** Upload addresses work once, for this long. */
const UPLOAD_TTL_MS = 15 * 60 * 1000;
/** Stored images fit this box: far more than a card needs, and never enlarged. */
const IMAGE_BOX = 1600;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export const CREATIVES_FILTER: FilterSpec = {
  fields: {
    adAccountId: { column: adCreatives.adAccountId, type: "uuid", ops: ["=="] },
    reviewStatus: {
      column: adCreatives.reviewStatus,
      type: "enum",
      values: ["PENDING_REVIEW", "APPROVED", "REJECTED"],
    },
    archived: {
      column: sql`(${adCreatives.archivedAt} is not null)`,
      type: "boolean",
    },
    name: { column: adCreatives.name, type: "string", ops: ["||"] },
  },
};
export const CREATIVES_SORT: SortSpec = {
  fields: {
    name: adCreatives.name,
    createdAt: adCreatives.createdAt,
    updatedAt: adCreatives.updatedAt,
    submittedAt: adCreatives.submittedAt,
    id: adCreatives.id,
  },
};

/** The address a creative sends people to, checked as every address is (PD §2). */
export function checkDestination(raw: string): { url: string; displayDomain: string } {
  const trimmed = raw.trim();
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const normalized = tryNormalizeUrl(withScheme);
  if (!normalized) {
    const message = `${trimmed} is not a valid domain`;
    throw badRequest(message, [{ field: "destinationUrl", message }]);
  }
  return { url: new URL(withScheme).href, displayDomain: normalized.domain };
}

export function presentImage(image: ImageRow, storage: Storage): AdCreativeImage | null {
  if (!image.storageKey || image.width === null || image.height === null) return null;
  return { id: image.id, url: storage.url(image.storageKey), width: image.width, height: image.height };
}

/** How many campaigns that are not archived show each creative. */
async function creativeUsage(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: adCampaignCreatives.creativeId, n: count() })
    .from(adCampaignCreatives)
    .innerJoin(adCampaigns, eq(adCampaigns.id, adCampaignCreatives.campaignId))
    .where(and(inArray(adCampaignCreatives.creativeId, [...ids]), ne(adCampaigns.status, "ARCHIVED")))
    .groupBy(adCampaignCreatives.creativeId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** A creative as anyone who may see it reads it, without its use in campaigns. */
export function presentCreative(
  row: CreativeRow,
  image: ImageRow | null,
  storage: Storage,
): Omit<AdCreative, "usedBy"> {
  return {
    id: row.id,
    adAccountId: row.adAccountId,
    name: row.name,
    headline: row.headline,
    body: row.body,
    destinationUrl: row.destinationUrl,
    displayDomain: row.displayDomain,
    image: image ? presentImage(image, storage) : null,
    reviewStatus: row.reviewStatus,
    rejectionReason: row.rejectionReason,
    rejectionNote: row.rejectionNote,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Creatives with their images, in one query. */
export async function creativesWhere(
  db: Db,
  where: SQL | undefined,
  opts: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
) {
  const query = db
    .select({ creative: adCreatives, image: adCreativeImages })
    .from(adCreatives)
    .leftJoin(adCreativeImages, eq(adCreativeImages.id, adCreatives.imageId))
    .where(where)
    .orderBy(...(opts.orderBy ?? [adCreatives.createdAt]));
  if (opts.limit !== undefined) return query.limit(opts.limit).offset(opts.offset ?? 0);
  return query;
}

function imageProblem(status: "unsupported" | "large" | "small" | "aspect"): AppError {
  const message = {
    unsupported: AD_CREATIVE_MESSAGES.imageType,
    large: AD_CREATIVE_MESSAGES.imageTooLarge,
    small: AD_CREATIVE_MESSAGES.imageTooSmall,
    aspect: AD_CREATIVE_MESSAGES.imageAspect,
  }[status];
  const errors = [{ field: "file", message }];
  if (status === "unsupported") return new AppError("unsupported_media_type", message, errors);
  if (status === "large") return new AppError("payload_too_large", message, errors);
  return validationFailed(errors, message);
}

export function createCreativesService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  /** The advertiser's view of one creative: what it shows and the campaigns it is used in. */
  async function present(creative: CreativeRow, image: ImageRow | null): Promise<AdCreative> {
    const used = await creativeUsage(db, [creative.id]);
    return { ...presentCreative(creative, image, storage), usedBy: used.get(creative.id) ?? 0 };
  }

  async function load(id: string): Promise<{ creative: CreativeRow; image: ImageRow | null } | null> {
    const [row] = await creativesWhere(db, eq(adCreatives.id, id));
    return row ?? null;
  }

  /** The creative `id` when the viewer may use its account; otherwise the 404 of a random id. */
  async function requireCreative(viewer: Viewer, id: string, mode: "read" | "write") {
    const found = await load(id);
    if (!found) throw notFound(AD_CREATIVE_MESSAGES.notFound);
    const access = await requireAdAccount(db, viewer, found.creative.adAccountId, mode, {
      notFound: AD_CREATIVE_MESSAGES.notFound,
    });
    return { ...found, access };
  }

  /** A ready image of the same account, or 422 naming `imageId`. */
  async function requireImage(adAccountId: string, imageId: string | null): Promise<ImageRow | null> {
    if (!imageId) return null;
    const [image] = await db
      .select()
      .from(adCreativeImages)
      .where(and(eq(adCreativeImages.id, imageId), eq(adCreativeImages.adAccountId, adAccountId)));
    if (!image?.storageKey) {
      throw validationFailed([{ field: "imageId", message: AD_CREATIVE_MESSAGES.imageUnknown }]);
    }
    return image;
  }

  return {
    requireCreative,

    async list(viewer: Viewer, query: ListQuery) {
      const { where } = await accountFilter(db, viewer, query.searchAnd, CREATIVES_FILTER);
      const orderBy = compileSort(query.sort, CREATIVES_SORT, ["createdAt,desc", "id,desc"]);
      const [rows, [counted]] = await Promise.all([
        creativesWhere(db, where, { orderBy, limit: query.size, offset: query.page * query.size }),
        db.select({ total: count() }).from(adCreatives).where(where),
      ]);
      const used = await creativeUsage(
        db,
        rows.map((r) => r.creative.id),
      );
      return {
        items: rows.map((r) => ({
          ...presentCreative(r.creative, r.image, storage),
          usedBy: used.get(r.creative.id) ?? 0,
        })),
        total: counted?.total ?? 0,
      };
    },

    async get(viewer: Viewer, id: string): Promise<AdCreative> {
      const { creative, image } = await requireCreative(viewer, id, "read");
      return present(creative, image);
    },

    async create(viewer: Viewer, input: CreateAdCreative): Promise<AdCreative> {
      const destination = checkDestination(input.destinationUrl);
      await requireAdAccount(db, viewer, input.adAccountId, "write");
      const image = await requireImage(input.adAccountId, input.imageId ?? null);
      const [counted] = await db
        .select({ n: count() })
        .from(adCreatives)
        .where(and(eq(adCreatives.adAccountId, input.adAccountId), isNull(adCreatives.archivedAt)));
      if ((counted?.n ?? 0) >= AD_CREATIVE_LIMITS.perAccount) {
        throw validationFailed([{ field: "adAccountId", message: AD_CREATIVE_MESSAGES.tooMany }]);
      }
      const [creative] = await db
        .insert(adCreatives)
        .values({
          adAccountId: input.adAccountId,
          name: input.name,
          headline: input.headline,
          body: input.body ?? "",
          destinationUrl: destination.url,
          displayDomain: destination.displayDomain,
          imageId: image?.id ?? null,
        })
        .returning();
      if (!creative) throw new Error("insert returned nothing");
      // New: no campaign can show it yet.
      return { ...presentCreative(creative, image, storage), usedBy: 0 };
    },

    /**
     * Saves with the version read. Any change to what people see (headline, text, link, image)
     * sends the creative back to review; a new name alone does not (ADS.md §4.3).
     */
    async update(viewer: Viewer, id: string, input: UpdateAdCreative): Promise<AdCreative> {
      const destination = checkDestination(input.destinationUrl);
      const { creative: before } = await requireCreative(viewer, id, "write");
      const image = await requireImage(before.adAccountId, input.imageId ?? null);
      const body = input.body ?? "";
      const contentChanged =
        before.headline !== input.headline ||
        before.body !== body ||
        before.destinationUrl !== destination.url ||
        before.imageId !== (image?.id ?? null);
      const now = new Date();
      const [creative] = await db
        .update(adCreatives)
        .set({
          name: input.name,
          headline: input.headline,
          body,
          destinationUrl: destination.url,
          displayDomain: destination.displayDomain,
          imageId: image?.id ?? null,
          updatedAt: now,
          version: sql`${adCreatives.version} + 1`,
          ...(contentChanged
            ? {
                reviewStatus: "PENDING_REVIEW" as const,
                rejectionReason: null,
                rejectionNote: null,
                submittedAt: now,
                reviewedAt: null,
                reviewedBy: null,
              }
            : {}),
        })
        .where(and(eq(adCreatives.id, id), eq(adCreatives.version, input.version)))
        .returning();
      if (!creative) throw conflict(AD_CREATIVE_MESSAGES.stale);
      return present(creative, image);
    },

    /** Archives or brings back; archived creatives never run, whatever their review. */
    async setArchived(viewer: Viewer, id: string, archived: boolean): Promise<AdCreative> {
      const { creative: before, image } = await requireCreative(viewer, id, "write");
      if (Boolean(before.archivedAt) === archived) return present(before, image);
      if (!archived) {
        const [counted] = await db
          .select({ n: count() })
          .from(adCreatives)
          .where(and(eq(adCreatives.adAccountId, before.adAccountId), isNull(adCreatives.archivedAt)));
        if ((counted?.n ?? 0) >= AD_CREATIVE_LIMITS.perAccount) {
          throw validationFailed([{ field: "id", message: AD_CREATIVE_MESSAGES.tooMany }]);
        }
      }
      const [creative] = await db
        .update(adCreatives)
        .set({
          archivedAt: archived ? new Date() : null,
          updatedAt: new Date(),
          version: sql`${adCreatives.version} + 1`,
        })
        .where(eq(adCreatives.id, id))
        .returning();
      if (!creative) throw notFound(AD_CREATIVE_MESSAGES.notFound);
      return present(creative, image);
    },

    /** A one-time upload address for a creative image; only the token's hash is kept. */
    async reserveImage(viewer: Viewer, adAccountId: string): Promise<AdCreativeImageUpload> {
      await requireAdAccount(db, viewer, adAccountId, "write");
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
      const [row] = await db
        .insert(adCreativeImages)
        .values({ adAccountId, uploadTokenHash: hashToken(token), expiresAt })
        .returning({ id: adCreativeImages.id });
      if (!row) throw new Error("insert returned nothing");
      return {
        id: row.id,
        uploadUrl: `/api/v1/ad-creative-images/${row.id}/file?token=${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The reserved image `id` when the viewer may write its account (else a 404). */
    async pendingImage(viewer: Viewer, id: string): Promise<ImageRow> {
      const [image] = await db.select().from(adCreativeImages).where(eq(adCreativeImages.id, id));
      const message = "There is no such upload address.";
      if (!image) throw notFound(message);
      await requireAdAccount(db, viewer, image.adAccountId, "write", { notFound: message });
      return image;
    },

    /**
     * Spends the upload address, then judges the file by its content: JPEG, PNG or WebP, at
     * most 5 MB, at least 400 px on the short side, square to 2:1. It is decoded and encoded
     * afresh, so nothing but its pixels (no EXIF, no GPS, no trailing bytes) is kept.
     */
    async storeImage(image: ImageRow, token: string, file: Buffer): Promise<AdCreativeImage> {
      const [taken] = await db
        .update(adCreativeImages)
        .set({ uploadTokenHash: null })
        .where(
          and(
            eq(adCreativeImages.id, image.id),
            eq(adCreativeImages.uploadTokenHash, hashToken(token)),
            sql`${adCreativeImages.expiresAt} > now()`,
          ),
        )
        .returning({ id: adCreativeImages.id });
      if (!taken) throw conflict(AD_CREATIVE_MESSAGES.uploadUsed);
      let encoded: Awaited<ReturnType<typeof reencodeImage>>;
      try {
        encoded = await reencodeImage(file, {
          allowed: ["jpeg", "png", "webp"],
          maxBytes: AD_CREATIVE_LIMITS.imageMaxBytes,
          resize: { width: IMAGE_BOX, height: IMAGE_BOX, fit: "inside" },
          output: "webp",
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "payload_too_large") throw imageProblem("large");
        if (error instanceof AppError && error.status < 500) throw imageProblem("unsupported");
        throw error;
      }
      const { width, height } = encoded;
      if (Math.min(width, height) < AD_CREATIVE_LIMITS.imageMinShortSide) throw imageProblem("small");
      const aspect = width / height;
      if (
        aspect < AD_CREATIVE_LIMITS.imageMinAspect - 0.01 ||
        aspect > AD_CREATIVE_LIMITS.imageMaxAspect + 0.01
      ) {
        throw imageProblem("aspect");
      }
      const key = newKey(`ads/${image.adAccountId}`, encoded.extension);
      await storage.put(key, encoded.buffer, encoded.contentType);
      const [ready] = await db
        .update(adCreativeImages)
        .set({
          storageKey: key,
          contentType: encoded.contentType,
          size: encoded.buffer.byteLength,
          width,
          height,
        })
        .where(eq(adCreativeImages.id, image.id))
        .returning();
      const presented = ready ? presentImage(ready, storage) : null;
      if (!presented) throw new Error("image row vanished after upload");
      return presented;
    },
  };
}
