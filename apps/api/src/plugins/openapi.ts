import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** OpenAPI 3.1 generated from the zod schemas the routes validate with. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { publicOrigin: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Flipside API",
          description:
            "Look up any web page and see what people say about it. Errors are RFC 9457 problem details.",
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
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
