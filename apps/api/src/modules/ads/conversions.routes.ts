import {
  AdConversionReport,
  AdConversionSettings,
  UpdateAdConversionSettings,
} from "@flipside/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, notFound, unauthorized } from "../../lib/errors.ts";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireViewer } from "../../plugins/auth.ts";
import { createConversionSettings, recordConversion } from "./conversions.ts";

const TAGS = ["ads"];
/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** Conversions (ADS.md amendments; docs/ads.md#conversions). */
export const adsConversionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = createConversionSettings(app.db, app.config.publicOrigin);

  app.post(
    "/v1/ad-conversions",
    {
      config: { changes: "nothing", beacon: true },
      schema: {
        tags: TAGS,
        summary: "Report a conversion (the advertiser's server)",
        description:
          "The click id is the `fs_click` parameter the ad's click added to the advertiser's address. Signed: `signature` is the hex HMAC-SHA256 of `{clickId}.{occurredAt}.{valueMicros or nothing}` with the account's conversion secret. One conversion per click: 201 the first time, 200 after. A click more than the account's window (1–90 days, 30 by default) before it: 422. Unknown click: 404. Bad signature: 401.",
        body: AdConversionReport,
        response: {
          201: z.object({ clickId: z.uuid(), counted: z.literal(true) }),
          200: z.object({ clickId: z.uuid(), counted: z.literal(false) }),
          ...problems(400, 401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { clickId, occurredAt, valueMicros, signature } = request.body;
      const outcome = await recordConversion(app.db, {
        clickId,
        source: "SERVER",
        at: new Date(occurredAt),
        valueMicros: valueMicros ?? null,
        signed: { signature, occurredAt },
      });
      switch (outcome) {
        case "RECORDED":
          return reply.code(201).send({ clickId, counted: true });
        case "DUPLICATE":
          return reply.code(200).send({ clickId, counted: false });
        case "UNKNOWN_CLICK":
          throw notFound("There is no such click.");
        case "BAD_SIGNATURE":
          throw unauthorized("The signature does not match this click's account.");
        case "OUTSIDE_WINDOW":
          throw new AppError("validation_failed", "The click is outside the account's conversion window.", [
            { field: "occurredAt", message: "The click is outside the account's conversion window." },
          ]);
      }
    },
  );

  app.get(
    "/v1/ad-conversions/pixel.gif",
    {
      config: { changes: "nothing", beacon: true },
      schema: {
        tags: TAGS,
        summary: "Report a conversion (an image on the advertiser's page)",
        description:
          "`click`: the `fs_click` id; `value`: optional, in the account's currency (`12.50`). Always a transparent GIF, counted or not (no oracle); one conversion per click, within the account's window.",
        querystring: z.object({
          click: z.string().max(100),
          value: z
            .string()
            .regex(/^\d{1,9}(\.\d{1,6})?$/)
            .optional(),
        }),
        response: { 200: z.any().describe("image/gif") },
      },
    },
    async (request, reply) => {
      const { click, value } = request.query;
      if (z.uuid().safeParse(click).success) {
        await recordConversion(app.db, {
          clickId: click,
          source: "PIXEL",
          at: new Date(),
          valueMicros: value ? Math.round(Number(value) * 1_000_000) : null,
        });
      }
      return reply.header("cache-control", "private, no-store").type("image/gif").send(PIXEL);
    },
  );

  const IdParams = z.object({ id: z.uuid() });
  app.get(
    "/v1/ad-accounts/:id/conversion-settings",
    {
      schema: {
        tags: TAGS,
        summary: "How the account's site reports conversions",
        description:
          "The window, the secret (OWNERs and ADMINs only), the click parameter, the endpoint and the pixel.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdConversionSettings, ...problems(400, 401, 404) },
      },
    },
    async (request) => settings.read(await requireViewer(request), request.params.id),
  );

  app.put(
    "/v1/ad-accounts/:id/conversion-settings",
    {
      schema: {
        tags: TAGS,
        summary: "Change the conversion window",
        security: SIGNED_IN,
        params: IdParams,
        body: UpdateAdConversionSettings,
        response: { 200: AdConversionSettings, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      settings.setWindow(await requireViewer(request), request.params.id, request.body.windowDays),
  );

  app.post(
    "/v1/ad-accounts/:id/conversion-settings/secret",
    {
      schema: {
        tags: TAGS,
        summary: "Replace the conversion secret",
        description: "Reports signed with the old secret are refused from now on.",
        security: SIGNED_IN,
        params: IdParams,
        response: { 200: AdConversionSettings, ...problems(401, 403, 404, 409) },
      },
    },
    async (request) => settings.rotate(await requireViewer(request), request.params.id),
  );
};
