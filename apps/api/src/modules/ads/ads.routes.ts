import multipart from "@fastify/multipart";
import {
  AD_ACCOUNT_COOKIE,
  AD_CAMPAIGN_LIMITS,
  AD_CREATIVE_LIMITS,
  AD_CREATIVE_MESSAGES,
  AD_SUMMARY_PERIODS,
  AdAccount,
  AdAccountOwnerChoice,
  AdCampaign,
  AdCampaignBulk,
  AdCampaignBulkResult,
  AdCampaignStatusChange,
  AdCreative,
  AdCreativeImage,
  AdCreativeImageRequest,
  AdCreativeImageUpload,
  AdSummary,
  CreateAdAccount,
  CreateAdCampaign,
  CreateAdCreative,
  UpdateAdAccount,
  UpdateAdCampaign,
  UpdateAdCreative,
} from "@flipside/contracts/ads";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest } from "../../lib/errors.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireActivatedViewer, requireViewer, signedInOnly } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { createAccount, listAccounts, ownerChoices, presentAccount, updateAccount } from "./accounts.ts";
import { createCampaignsService } from "./campaigns.ts";
import { createCreativesService } from "./creatives.ts";
import { accountSummary } from "./summary.ts";

const TAGS = ["ads"];
const ListQuery = listQuery(20);
const fileMissing = () =>
  badRequest(AD_CREATIVE_MESSAGES.imageMissing, [
    { field: "file", message: AD_CREATIVE_MESSAGES.imageMissing },
  ]);
const isFileTooLarge = (error: unknown) =>
  error instanceof Error && "code" in error && error.code === "FST_REQ_FILE_TOO_LARGE";
const IdParams = z.object({ id: z.uuid() });
/** What an advertiser changes shows on no page's HTML: ads are fetched by the browser (ADS.md §1.13). */
const WRITE = { changes: "nothing" } as const;

/** The advertiser's side of Flipside Ads (ADS.md §2.3, docs/ads.md). */
export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every call here is an advertiser's: 401 before a body is even read.
  app.addHook("onRequest", signedInOnly);

  app.get(
    "/v1/ad-accounts",
    {
      schema: {
        tags: TAGS,
        summary: "Your advertiser accounts",
        description:
          "Every advertiser account you may use: your own, then your organisations' (each with your role; a MEMBER only reads).",
        security: SIGNED_IN,
        response: { 200: z.array(AdAccount), ...problems(401) },
      },
    },
    async (request) => listAccounts(app.db, await requireViewer(request)),
  );

  app.get(
    "/v1/ad-accounts/available-owners",
    {
      schema: {
        tags: TAGS,
        summary: "Who could still open an advertiser account",
        description:
          "You, unless you have an account, and each organisation you manage (OWNER, ADMIN) that has none: the setup card's choices of who pays.",
        security: SIGNED_IN,
        response: { 200: z.array(AdAccountOwnerChoice), ...problems(401) },
      },
    },
    async (request) => ownerChoices(app.db, await requireViewer(request)),
  );

  app.post(
    "/v1/ad-accounts",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Open an advertiser account",
        description:
          "For yourself (`ownerKind` USER) or an organisation you manage (ORGANIZATION with `organizationId`; a MEMBER gets 403, anyone else 404). One account per owner (409). Paid from that owner's wallet, in its currency.",
        security: SIGNED_IN,
        body: CreateAdAccount,
        response: { 201: AdAccount, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await requireActivatedViewer(request);
      const account = await createAccount(app.db, viewer, request.body, app.config.MONEY_CURRENCY);
      return reply.code(201).send(account);
    },
  );

  app.put(
    "/v1/ad-accounts/current",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Choose the advertiser account the ads screens show",
        description:
          "Remembers it in the `flipside_ad_account` cookie (a year, the whole site) for the pages the server renders; every API call still names its account. Only one of your accounts (404 otherwise).",
        security: SIGNED_IN,
        body: z.strictObject({ adAccountId: z.uuid() }),
        response: { 204: z.null(), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { account } = await requireAdAccount(
        app.db,
        await requireViewer(request),
        request.body.adAccountId,
        "read",
      );
      reply.setCookie(AD_ACCOUNT_COOKIE, account.id, {
        path: "/",
        maxAge: 365 * 24 * 60 * 60,
        sameSite: "lax",
        secure: request.protocol === "https",
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/v1/ad-accounts/:id",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdAccount, ...problems(400, 401, 404) },
      },
    },
    async (request) =>
      presentAccount(await requireAdAccount(app.db, await requireViewer(request), request.params.id, "read")),
  );

  app.put(
    "/v1/ad-accounts/:id",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Rename an advertiser account or change its time zone",
        description: "With the `version` you read; another save in between: 409.",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateAdAccount,
        response: { 200: AdAccount, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateAccount(app.db, await requireViewer(request), request.params.id, request.body),
  );

  const creatives = createCreativesService({ db: app.db, storage: app.storage });

  app.get(
    "/v1/ad-creatives",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's creatives",
        description:
          "`searchAnd` must contain `adAccountId==…`; it may also use `reviewStatus==` (PENDING_REVIEW, APPROVED, REJECTED), `archived==true|false` and `name||`. Sort: name, createdAt (newest first by default), updatedAt, submittedAt.",
        security: SIGNED_IN,
        querystring: ListQuery,
        response: { 200: z.array(AdCreative), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await creatives.list(await requireViewer(request), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.post(
    "/v1/ad-creatives",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Submit a creative for review",
        description:
          'Headline 1–60 characters, text up to 150, a link that passes the address rules (else 400 "{url} is not a valid domain"), and optionally an uploaded image of the same account (else 422). It starts PENDING_REVIEW and never runs before an admin approves it.',
        security: SIGNED_IN,
        body: CreateAdCreative,
        response: { 201: AdCreative, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const creative = await creatives.create(await requireViewer(request), request.body);
      return reply.code(201).send(creative);
    },
  );

  app.get(
    "/v1/ad-creatives/:id",
    {
      schema: {
        tags: TAGS,
        summary: "A creative",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdCreative, ...problems(400, 401, 404) },
      },
    },
    async (request) => creatives.get(await requireViewer(request), request.params.id),
  );

  app.put(
    "/v1/ad-creatives/:id",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Change a creative",
        description:
          "With the `version` you read (else 409). A change to the headline, text, link or image sends it back to review (PENDING_REVIEW: it does not run until approved again); a new name alone does not.",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateAdCreative,
        response: { 200: AdCreative, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => creatives.update(await requireViewer(request), request.params.id, request.body),
  );

  for (const [method, archived] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/v1/ad-creatives/:id/archive",
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: archived ? "Archive a creative" : "Bring an archived creative back",
        description: archived
          ? "An archived creative never runs, whatever its review. Archiving twice changes nothing."
          : "It keeps its review status; at most 500 creatives that are not archived per account (422).",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdCreative, ...problems(400, 401, 403, 404, 422) },
      },
      handler: async (request) =>
        creatives.setArchived(await requireViewer(request), request.params.id, archived),
    });
  }

  app.post(
    "/v1/ad-creative-images",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Reserve a creative image upload",
        description:
          "Returns a one-time upload address valid for 15 minutes: POST the file there as the multipart field `file`. JPEG, PNG or WebP, at most 5 MB, at least 400 px on the short side, from square to 2:1. Needs write access to the account; RATE_LIMIT_UPLOAD_PER_HOUR per person.",
        security: SIGNED_IN,
        body: AdCreativeImageRequest,
        response: { 201: AdCreativeImageUpload, ...problems(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      await app.limiter.consume("upload-hour", viewer.id, {
        points: app.config.RATE_LIMIT_UPLOAD_PER_HOUR,
        durationSec: 60 * 60,
      });
      return reply.code(201).send(await creatives.reserveImage(viewer, request.body.adAccountId));
    },
  );

  // Encapsulated: multipart bodies are accepted by the upload route only.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: AD_CREATIVE_LIMITS.imageMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    uploads.withTypeProvider<ZodTypeProvider>().post(
      "/v1/ad-creative-images/:id/file",
      {
        config: WRITE,
        schema: {
          tags: TAGS,
          summary: "Upload a creative image",
          description:
            "multipart/form-data with the field `file`; the address works once (409 after). Judged by content: not JPEG, PNG or WebP 415, over 5 MB 413, smaller than 400 px on the short side or outside square to 2:1 422. The image is re-encoded without its metadata.",
          security: SIGNED_IN,
          consumes: ["multipart/form-data"],
          params: IdParams,
          querystring: z.object({ token: z.string().min(1).max(200) }),
          response: { 201: AdCreativeImage, ...problems(400, 401, 403, 404, 409, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const image = await creatives.pendingImage(await requireViewer(request), request.params.id);
        if (!request.isMultipart()) throw fileMissing();
        let buffer: Buffer;
        try {
          const file = await request.file({ limits: { fileSize: AD_CREATIVE_LIMITS.imageMaxBytes } });
          if (file?.fieldname !== "file") throw fileMissing();
          buffer = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          if (isFileTooLarge(error)) {
            throw new AppError("payload_too_large", AD_CREATIVE_MESSAGES.imageTooLarge, [
              { field: "file", message: AD_CREATIVE_MESSAGES.imageTooLarge },
            ]);
          }
          throw fileMissing();
        }
        return reply.code(201).send(await creatives.storeImage(image, request.query.token, buffer));
      },
    );
  });

  const campaigns = createCampaignsService({
    db: app.db,
    currency: app.config.MONEY_CURRENCY,
    geoConfigured: Boolean(app.config.GEOIP_DB),
  });

  app.get(
    "/v1/ad-accounts/:id/summary",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's dashboard",
        description:
          "Spend (billed), impressions, clicks and CTR over the period (days of the account's time zone) and the same number of days before; the wallet (null for an organisation's MEMBER), reserves and the day they would run out; and the alerts: running campaigns out of funds or at their daily budget, rejected creatives, audiences in use too small to serve, a wallet that runs out within 3 days.",
        security: SIGNED_IN,
        params: IdParams,
        querystring: z.object({ period: z.enum(AD_SUMMARY_PERIODS).default("LAST_7_DAYS") }),
        response: { 200: AdSummary, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      const { id } = request.params;
      const running = async () =>
        (
          await campaigns.list(viewer, {
            searchAnd: `adAccountId==${id},status==ACTIVE`,
            page: 0,
            size: AD_CAMPAIGN_LIMITS.perAccount,
          })
        ).items;
      return accountSummary(app.db, viewer, id, request.query.period, running, new Date());
    },
  );

  app.get(
    "/v1/ad-campaigns",
    {
      schema: {
        tags: TAGS,
        summary: "An advertiser account's campaigns",
        description:
          "`searchAnd` must contain `adAccountId==…`; it may also use `status==`/`!=`, `name||`, `pricingModel==`, `startAt>=`/`<=`, `endAt>=`/`<=`. Sort: name, createdAt, updatedAt (newest first by default), startAt, status, spentMicros. Each with its derived `delivery`.",
        security: SIGNED_IN,
        querystring: ListQuery,
        response: { 200: z.array(AdCampaign), ...problems(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { items, total } = await campaigns.list(await requireViewer(request), request.query);
      setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
      return items;
    },
  );

  app.post(
    "/v1/ad-campaigns",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Make a draft campaign",
        description:
          "Money in micros (1 unit = 1,000,000), whole cents. Bids CPM 0.50–100.00, CPC 0.05–50.00; total budget 1.00–1,000,000.00; daily at least 1.00 and at most the total; both hard caps. Start not in the past; end at least an hour after it and at most 3 years; EVEN pacing needs a daily budget or an end. Every broken rule is named on its field (400); creatives, filter lists, fences and audiences must be the account's own (422); a name taken by a campaign that is not archived is 422.",
        security: SIGNED_IN,
        body: CreateAdCampaign,
        response: { 201: AdCampaign, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await campaigns.create(await requireViewer(request), request.body)),
  );

  app.get(
    "/v1/ad-campaigns/:id",
    {
      schema: {
        tags: TAGS,
        summary: "A campaign",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdCampaign, ...problems(400, 401, 404) },
      },
    },
    async (request) => campaigns.get(await requireViewer(request), request.params.id),
  );

  app.put(
    "/v1/ad-campaigns/:id",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Change a campaign",
        description:
          "The same body as creating, with the `version` you read (else 409); an archived campaign cannot be changed (409). The total budget cannot go below what was spent.",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateAdCampaign,
        response: { 200: AdCampaign, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => campaigns.update(await requireViewer(request), request.params.id, request.body),
  );

  app.post(
    "/v1/ad-campaigns/:id/status",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Launch, pause, resume or archive a campaign",
        description:
          "DRAFT → ACTIVE (launch), ACTIVE → PAUSED, PAUSED → ACTIVE (resume), ACTIVE or PAUSED → ARCHIVED (final). The state it is already in: 200, nothing changes; any other move: 409. Launching and resuming need a creative, an end not passed, an account not suspended and money in the wallet (422 naming each).",
        security: SIGNED_IN,
        params: IdParams,
        body: AdCampaignStatusChange,
        response: { 200: AdCampaign, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      campaigns.setStatus(await requireViewer(request), request.params.id, request.body.status),
  );

  app.post(
    "/v1/ad-campaigns/bulk",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Pause, resume or archive many campaigns",
        description:
          "All or nothing: every campaign moves, or none does and 422 names each that cannot (`ids.{i}`). Campaigns already in the asked state count as moved.",
        security: SIGNED_IN,
        body: AdCampaignBulk,
        response: { 200: AdCampaignBulkResult, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request) => campaigns.bulk(await requireViewer(request), request.body),
  );

  app.post(
    "/v1/ad-campaigns/:id/duplicate",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Copy a campaign as a draft",
        description: 'Named "{name} (copy)", with its creatives and targeting, starting now at the earliest.',
        security: SIGNED_IN,
        params: IdParams,
        response: { 201: AdCampaign, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await campaigns.duplicate(await requireViewer(request), request.params.id)),
  );

  app.delete(
    "/v1/ad-campaigns/:id",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Delete a draft campaign",
        description: "Only drafts (409 otherwise: archive it instead).",
        security: SIGNED_IN,
        params: IdParams,
        response: { 204: z.null(), ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await campaigns.remove(await requireViewer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
