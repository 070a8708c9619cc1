import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { PROBLEM_CONTENT_TYPE } from "@flipside/contracts/problem";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

type Document = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * Any call may answer 503 while the database is out of reach (decision 021): said once here for
 * every operation instead of in each route's schema.
 */
function withUnavailable(document: Document): Document {
  const paths = (
    document as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> }
  ).paths;
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      if (!operation.responses || operation.responses["503"]) continue;
      operation.responses["503"] = {
        description: "The database is out of reach for now (see Retry-After)",
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: "#/components/schemas/Problem" } } },
      };
    }
  }
  return document;
}

/** OpenAPI 3.1 generated from the zod schemas the routes validate with. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { publicOrigin: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Flipside API",
          description:
            "Look up any web page and see what people say about it. Errors are RFC 9457 problem details.\n\nEvery POST takes an optional `Idempotency-Key` header (1–255 printable characters, a new UUID per intended action) from signed-in callers: sent again with the same key and body it answers the first result (with `Idempotent-Replayed: true`) instead of writing twice; with another body, 422; while the first is still being handled, 409 with `Retry-After`. Calls that move money require it.",
          version: "1.0.0",
        },
        servers: [{ url: opts.publicOrigin }],
        components: {
          securitySchemes: {
            bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
            cookie: { type: "apiKey", in: "cookie", name: "flipside_token" },
          },
        },
      },
      transform: createJsonSchemaTransform({
        skipList: ["/api/docs", "/api/docs/*", "/api/*", "/*"],
        zodToJsonConfig: { target: "draft-2020-12" },
      }),
      transformObject: (input) => withUnavailable(jsonSchemaTransformObject(input)),
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
