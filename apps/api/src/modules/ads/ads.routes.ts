import { AdAccount, AdAccountOwnerChoice, CreateAdAccount, UpdateAdAccount } from "@flipside/contracts/ads";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problems, SIGNED_IN } from "../../lib/openapi-responses.ts";
import { requireActivatedViewer, requireViewer, signedInOnly } from "../../plugins/auth.ts";
import { requireAdAccount } from "./access.ts";
import { createAccount, listAccounts, ownerChoices, presentAccount, updateAccount } from "./accounts.ts";

const TAGS = ["ads"];
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
};
