import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listQuery, pageOffset, setListHeaders } from "./pagination.ts";

describe("listQuery", () => {
  const schema = listQuery(25);

  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{}, { page: 0, size: 25 }],
    [
      { page: "3", size: "10" },
      { page: 3, size: 10 },
    ],
    [
      { page: "1000000", size: "100" },
      { page: 1_000_000, size: 100 },
    ],
    [{ sort: "createdDate,desc" }, { page: 0, size: 25, sort: "createdDate,desc" }],
    [{ sort: ["a,asc", "b,desc"] }, { page: 0, size: 25, sort: ["a,asc", "b,desc"] }],
    [{ searchAnd: "COMMENT" }, { page: 0, size: 25, searchAnd: "COMMENT" }],
  ])("%j → %j", (input, output) => {
    expect(schema.parse(input)).toEqual(output);
  });

  it.each<[string, Record<string, unknown>]>([
    ["negative page", { page: "-1" }],
    ["fractional page", { page: "1.5" }],
    ["page too large", { page: "1000001" }],
    ["page not a number", { page: "abc" }],
    ["huge page", { page: "9".repeat(400) }],
    ["size zero", { size: "0" }],
    ["size too large", { size: "101" }],
    ["size not a number", { size: "ten" }],
    ["sort item too long", { sort: "a".repeat(101) }],
    ["too many sort items", { sort: ["a", "b", "c", "d", "e", "f"] }],
    ["searchAnd too long", { searchAnd: "x".repeat(4001) }],
  ])("%s is refused", (_name, input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });

  it("uses the default size it was given", () => {
    expect(listQuery(5).parse({}).size).toBe(5);
  });

  it("computes the offset", () => {
    expect(pageOffset({ page: 0, size: 25 })).toBe(0);
    expect(pageOffset({ page: 3, size: 10 })).toBe(30);
  });
});

describe("setListHeaders (through Fastify)", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: { openapi: "3.1.0", info: { title: "t", version: "1" } },
      transform: createJsonSchemaTransform({ zodToJsonConfig: { target: "draft-2020-12" } }),
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get("/api/v1/things", { schema: { querystring: listQuery(25) } }, async (request, reply) => {
        const total = Number(request.headers["x-test-total"] ?? "0");
        setListHeaders(reply, request, { total, page: request.query.page, size: request.query.size });
        return [];
      });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, total: number) =>
    app.inject({ method: "GET", url, headers: { "x-test-total": String(total) } });

  it.each<[string, number, string]>([
    [
      "/api/v1/things",
      60,
      '</api/v1/things?page=0&size=25>; rel="first", </api/v1/things?page=1&size=25>; rel="next", </api/v1/things?page=2&size=25>; rel="last"',
    ],
    [
      "/api/v1/things?page=1",
      60,
      '</api/v1/things?page=0&size=25>; rel="first", </api/v1/things?page=0&size=25>; rel="prev", </api/v1/things?page=2&size=25>; rel="next", </api/v1/things?page=2&size=25>; rel="last"',
    ],
    [
      "/api/v1/things?page=2&size=25",
      60,
      '</api/v1/things?page=0&size=25>; rel="first", </api/v1/things?page=1&size=25>; rel="prev", </api/v1/things?page=2&size=25>; rel="last"',
    ],
    [
      "/api/v1/things",
      0,
      '</api/v1/things?page=0&size=25>; rel="first", </api/v1/things?page=0&size=25>; rel="last"',
    ],
    [
      "/api/v1/things",
      25,
      '</api/v1/things?page=0&size=25>; rel="first", </api/v1/things?page=0&size=25>; rel="last"',
    ],
    [
      "/api/v1/things?page=9&size=10",
      15,
      '</api/v1/things?page=0&size=10>; rel="first", </api/v1/things?page=1&size=10>; rel="prev", </api/v1/things?page=1&size=10>; rel="last"',
    ],
  ])("%s with %i items", async (url, total, link) => {
    const res = await get(url, total);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(total));
    expect(res.headers.link).toBe(link);
  });

  it("keeps other parameters, repeated sort included, encoded", async () => {
    const res = await get(
      "/api/v1/things?sort=createdDate,desc&sort=id,asc&searchAnd=body%7C%7Ca%5C%2Cb&page=1",
      100,
    );
    expect(res.headers.link).toContain(
      '</api/v1/things?sort=createdDate%2Cdesc&sort=id%2Casc&searchAnd=body%7C%7Ca%5C%2Cb&page=2&size=25>; rel="next"',
    );
  });

  it("never puts the Host header or raw angle brackets into links", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/v1/things?searchAnd=%3E%3Cscript%3E",
      headers: { host: "evil.example", "x-test-total": "100" },
    });
    const link = String(res.headers.link);
    expect(link).not.toContain("evil.example");
    expect(link.match(/</g)?.length).toBe(3);
    expect(link.match(/>/g)?.length).toBe(3);
  });

  it("refuses bad paging with a 400", async () => {
    expect((await get("/api/v1/things?size=1000", 1)).statusCode).toBe(400);
    expect((await get("/api/v1/things?page=-1", 1)).statusCode).toBe(400);
  });

  it("documents the parameters in OpenAPI", () => {
    const doc = app.swagger() as {
      paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
    };
    const params = doc.paths["/api/v1/things"]?.get.parameters.map((p) => `${p.in}:${p.name}`);
    expect(params).toEqual(["query:page", "query:size", "query:sort", "query:searchAnd"]);
  });
});
