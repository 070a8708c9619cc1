import {
  AdAudience,
  AdFilter,
  AdFilterSummary,
  AdFilterTest,
  AdFilterTestResult,
  AdGeoFence,
  CheckAdFilterRules,
  CreateAdAudience,
  CreateAdFilter,
  CreateAdGeoFence,
  UpdateAdAudience,
  UpdateAdFilter,
  UpdateAdGeoFence,
} from "@flipside/contracts/ads";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { type ListQuery, listQuery, setListHeaders } from "../../lib/pagination.ts";
import { requireViewer, signedInOnly } from "../../plugins/auth.ts";
import { createAudiencesService } from "./audiences.ts";
import { createFiltersService } from "./filters.ts";
import { createGeoFencesService } from "./geo-fences.ts";
import { createMembership, startMembership } from "./membership.ts";

const TAGS = ["ads"];
const IdParams = z.object({ id: z.uuid() });
const WRITE = { changes: "nothing" } as const;

const LIST =
  "`searchAnd` must contain `adAccountId==…`; it may also use `name||`. Sort: name (default), createdAt, updatedAt. Each with `usedBy`, the campaigns (not archived) that use it.";

/** The route options every targeting resource shares; its schemas stay concrete at each call. */
const opts = {
  list: <R extends z.ZodType>(noun: string, item: R) => ({
    schema: {
      tags: TAGS,
      summary: `An advertiser account's ${noun}s`,
      description: LIST,
      security: SIGNED_IN,
      querystring: listQuery(20),
      response: { 200: z.array(item), ...problems(400, 401, 404) },
    },
  }),
  create: <B extends z.ZodType, R extends z.ZodType>(noun: string, body: B, item: R, rules: string) => ({
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: `Make a ${noun}`,
      description: rules,
      security: SIGNED_IN,
      body,
      response: { 201: item, ...problems(400, 401, 403, 404, 409, 422) },
    },
  }),
  get: <R extends z.ZodType>(noun: string, item: R) => ({
    schema: {
      tags: TAGS,
      summary: `A ${noun}`,
      security: SIGNED_IN,
      params: IdParams,
      response: { 200: item, ...problems(400, 401, 404) },
    },
  }),
  update: <B extends z.ZodType, R extends z.ZodType>(noun: string, body: B, item: R, rules: string) => ({
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: `Change a ${noun}`,
      description: `With the \`version\` you read (else 409). ${rules}`,
      security: SIGNED_IN,
      params: IdParams,
      body,
      response: { 200: item, ...problems(400, 401, 403, 404, 409, 422) },
    },
  }),
  remove: (noun: string) => ({
    config: WRITE,
    schema: {
      tags: TAGS,
      summary: `Delete a ${noun}`,
      description: "Only when no campaign that is not archived uses it (else 409, naming how many do).",
      security: SIGNED_IN,
      params: IdParams,
      response: { 204: z.null(), ...problems(400, 401, 403, 404, 409) },
    },
  }),
};

const FILTER_RULES =
  "`mode` EXCLUDE (no ads on matching pages) or INCLUDE (ads only there). Up to 5,000 rules: DOMAIN (a site and its subdomains), URL_PREFIX, URL_EXACT (addresses as PD §2 normalises them), KEYWORD (2–50 characters, a whole word of the page's title, description or address), TOPIC (a topic's slug, 422 when unknown). Each bad value is named as `rules.{i}.value`.";
const FENCE_RULES =
  "1–100 places: COUNTRY (ISO 3166-1 alpha-2), CIRCLE (lat, lng, radiusKm 1–500) or POLYGON (3–100 [lat, lng] points; simple, at least 1 km², not across the 180th meridian).";
const AUDIENCE_RULES =
  "1–10 rules, each VIEWED or CONTRIBUTED on a DOMAIN, URL_PREFIX or URL_EXACT; people stay `membershipDays` (1–180, 30 by default). Only signed-in people who allow personalised ads are added; it serves from 100 people (`servable`).";

/**
 * The targeting an advertiser builds once and uses in many campaigns (ADS.md §1.4–1.6): filter
 * lists, geo fences and audiences, with one shape of calls.
 */
export const targetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", signedInOnly);
  const filters = createFiltersService(app.db);
  const fences = createGeoFencesService(app.db);
  const membership = createMembership(app.db);
  await startMembership(app, membership);
  const audiences = createAudiencesService(app.db, { changed: () => membership.forget() });
  const viewer = requireViewer;
  const page = <T>(
    reply: FastifyReply,
    request: FastifyRequest,
    query: ListQuery,
    result: { items: T[]; total: number },
  ) => {
    setListHeaders(reply, request, { total: result.total, page: query.page, size: query.size });
    return result.items;
  };

  app.get("/v1/ad-filters", opts.list("filter list", AdFilterSummary), async (q, r) =>
    page(r, q, q.query, await filters.list(await viewer(q), q.query)),
  );
  app.post(
    "/v1/ad-filters",
    opts.create("filter list", CreateAdFilter, AdFilter, FILTER_RULES),
    async (q, r) => r.code(201).send(await filters.create(await viewer(q), q.body)),
  );
  app.get("/v1/ad-filters/:id", opts.get("filter list", AdFilter), async (q) =>
    filters.get(await viewer(q), q.params.id),
  );
  app.put(
    "/v1/ad-filters/:id",
    opts.update("filter list", UpdateAdFilter, AdFilter, FILTER_RULES),
    async (q) => filters.update(await viewer(q), q.params.id, q.body),
  );
  app.delete("/v1/ad-filters/:id", opts.remove("filter list"), async (q, r) => {
    await filters.remove(await viewer(q), q.params.id);
    return r.code(204).send(null);
  });

  app.get("/v1/ad-geo-fences", opts.list("geo fence", AdGeoFence), async (q, r) =>
    page(r, q, q.query, await fences.list(await viewer(q), q.query)),
  );
  app.post(
    "/v1/ad-geo-fences",
    opts.create("geo fence", CreateAdGeoFence, AdGeoFence, FENCE_RULES),
    async (q, r) => r.code(201).send(await fences.create(await viewer(q), q.body)),
  );
  app.get("/v1/ad-geo-fences/:id", opts.get("geo fence", AdGeoFence), async (q) =>
    fences.get(await viewer(q), q.params.id),
  );
  app.put(
    "/v1/ad-geo-fences/:id",
    opts.update("geo fence", UpdateAdGeoFence, AdGeoFence, FENCE_RULES),
    async (q) => fences.update(await viewer(q), q.params.id, q.body),
  );
  app.delete("/v1/ad-geo-fences/:id", opts.remove("geo fence"), async (q, r) => {
    await fences.remove(await viewer(q), q.params.id);
    return r.code(204).send(null);
  });

  app.get("/v1/ad-audiences", opts.list("audience", AdAudience), async (q, r) =>
    page(r, q, q.query, await audiences.list(await viewer(q), q.query)),
  );
  app.post(
    "/v1/ad-audiences",
    opts.create("audience", CreateAdAudience, AdAudience, AUDIENCE_RULES),
    async (q, r) => r.code(201).send(await audiences.create(await viewer(q), q.body)),
  );
  app.get("/v1/ad-audiences/:id", opts.get("audience", AdAudience), async (q) =>
    audiences.get(await viewer(q), q.params.id),
  );
  app.put(
    "/v1/ad-audiences/:id",
    opts.update("audience", UpdateAdAudience, AdAudience, AUDIENCE_RULES),
    async (q) => audiences.update(await viewer(q), q.params.id, q.body),
  );
  app.delete("/v1/ad-audiences/:id", opts.remove("audience"), async (q, r) => {
    await audiences.remove(await viewer(q), q.params.id);
    return r.code(204).send(null);
  });

  app.post(
    "/v1/ad-filters/:id/test",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Check an address against a filter list",
        description:
          "Whether the page matches the list's rules, and the first rule that does. Changes nothing.",
        security: SIGNED_IN,
        params: IdParams,
        body: AdFilterTest,
        response: { 200: AdFilterTestResult, ...problems(400, 401, 404) },
      },
    },
    async (request) => filters.test(await requireViewer(request), request.params.id, request.body.url),
  );

  app.post(
    "/v1/ad-filter-rules/check",
    {
      config: WRITE,
      schema: {
        tags: TAGS,
        summary: "Check filter rules without saving them",
        description:
          "The rules as they would be stored (normalised, duplicates dropped), or 400/422 naming each bad one as `rules.{i}.value`: the paste dialog's per-line errors. Changes nothing.",
        security: SIGNED_IN,
        body: CheckAdFilterRules,
        response: {
          200: z.object({ rules: z.array(AdFilter.shape.rules.element) }),
          ...problems(400, 401, 422),
        },
      },
    },
    async (request) => ({ rules: await filters.normalizeRules(request.body.rules) }),
  );
};
