import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseIsoDate } from "../src/lib/search-filter.ts";
import { createTestApp, type TestApp } from "./helper.ts";
import { createUser, type TestUser } from "./users.ts";

/**
 * Text PostgreSQL cannot store, sent in every text field of every route the OpenAPI document
 * describes (issue 16): each is refused with 400 naming the field, none reaches the database.
 * The routes and fields come from the document, not from a list here, so a new route is covered.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
};
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const HOSTILE = ["nul\u0000inside", "lone \ud800 surrogate"];
const UUID = "0190a6f8-0000-7000-8000-000000000001";

let t: TestApp;
let user: TestUser;
let doc: Doc;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
  // An admin reaches every route, the admin area's included (to anyone else those are a 404).
  user = await createUser(t.app, { roles: ["ROLE_USER", "ROLE_ADMIN"] });
  doc = (await t.app.inject("/api/openapi.json")).json();
});
afterAll(() => t?.close());

function resolve(schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split("/").at(-1) ?? "";
  return doc.components?.schemas?.[name];
}

/** Every path to a string in a schema, as a list of keys ("0" for an array's item). */
function stringPaths(schema: Schema | undefined, at: string[] = [], depth = 0): string[][] {
  const s = resolve(schema);
  if (!s || depth > 6) return [];
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const found: string[][] = [];
  if (types.includes("string")) found.push(at);
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    found.push(...stringPaths(property, [...at, key], depth + 1));
  }
  if (s.items) found.push(...stringPaths(s.items, [...at, "0"], depth + 1));
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    found.push(...stringPaths(branch, at, depth + 1));
  }
  return found;
}

/** A body holding `value` at `path` and nothing else. */
function bodyWith(path: string[], value: string): unknown {
  let body: unknown = value;
  for (const key of [...path].reverse()) body = key === "0" ? [body] : { [key]: body };
  return body;
}

function urlOf(path: string, params: Record<string, string> = {}) {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? UUID));
}

function operations() {
  const list: { method: string; path: string; op: Operation }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) list.push({ method: method.toUpperCase(), path, op });
  }
  return list;
}

async function send(app: FastifyInstance, method: string, url: string, body?: unknown) {
  return app.inject({
    method: method as "POST",
    url,
    headers: { ...user.headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

describe("text PostgreSQL cannot store", () => {
  it("is refused with 400 naming the field, in every body, query and path parameter of every route", async () => {
    const checked: string[] = [];
    for (const { method, path, op } of operations()) {
      const json = op.requestBody?.content?.["application/json"]?.schema;
      for (const field of stringPaths(json)) {
        if (field.length === 0) continue;
        for (const hostile of HOSTILE) {
          const res = await send(t.app, method, urlOf(path), bodyWith(field, hostile));
          const where = `${method} ${path} body ${field.join(".")}`;
          expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
          expect(res.json().errors, where).toEqual([{ field: field.join("."), message: expect.any(String) }]);
          checked.push(where);
        }
      }
      for (const parameter of op.parameters ?? []) {
        if (parameter.in !== "query" && parameter.in !== "path") continue;
        if (!stringPaths(parameter.schema).length && parameter.in === "query") continue;
        // An address cannot carry a lone surrogate (URL encoding makes it U+FFFD): only the NUL.
        for (const hostile of HOSTILE.slice(0, 1)) {
          const url =
            parameter.in === "path"
              ? urlOf(path, { [parameter.name]: hostile })
              : `${urlOf(path)}?${new URLSearchParams({ [parameter.name]: hostile })}`;
          const res = await send(t.app, method, url, json ? {} : undefined);
          const where = `${method} ${path} ${parameter.in} ${parameter.name}`;
          expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
          // A HEAD answer has no body to name the field in.
          if (method !== "HEAD") {
            expect(res.json().errors, where).toEqual([
              { field: parameter.name, message: expect.any(String) },
            ]);
          }
          checked.push(where);
        }
      }
    }
    // The document's routes were really walked: the sign-up's fields among them.
    expect(checked).toContain("POST /api/register body displayName");
    expect(checked).toContain("POST /api/v1/site-pages/flip body url");
    expect(checked.length).toBeGreaterThan(100);
  });

  it("a NUL in a key of the body is refused too, and nothing was written", async () => {
    const res = await send(t.app, "POST", "/api/register", {
      email: "nul@example.com",
      password: "Correct-Horse-9",
      displayName: "Ada",
      "x\u0000": 1,
    });
    expect(res.statusCode).toBe(400);
    const { rows } = await t.database.execute("select count(*)::int as n from users where email = $1", [
      "nul@example.com",
    ]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe("fields a body does not take", () => {
  it("are refused with 400 naming them, on every route, as the document's additionalProperties: false says", async () => {
    let routes = 0;
    for (const { method, path, op } of operations()) {
      const schema = resolve(op.requestBody?.content?.["application/json"]?.schema);
      if (!schema?.properties) continue;
      routes++;
      expect((schema as { additionalProperties?: unknown }).additionalProperties, `${method} ${path}`).toBe(
        false,
      );
      const res = await send(t.app, method, urlOf(path), { notAField: 1 });
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(400);
      expect(res.json().errors, `${method} ${path}`).toContainEqual({
        field: "notAField",
        message: "is not a field of this request",
      });
    }
    expect(routes).toBeGreaterThan(10);
  });
});

describe("the document", () => {
  it("says every operation may answer 503 while the database is out of reach", () => {
    const missing = operations().filter(
      ({ op }) => !(op as { responses?: Record<string, unknown> }).responses?.["503"],
    );
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });
});

describe("dates in filters", () => {
  it("whatever the filter accepts, PostgreSQL can store", async () => {
    const years = ["0000", "0001", "0002", "1970", "9998", "9999"];
    const zones = ["", "Z", "+14:00", "-14:00", "+0100"];
    const days = ["01-01", "12-31", "02-29"];
    let accepted = 0;
    for (const year of years) {
      for (const day of days) {
        for (const zone of zones) {
          for (const time of ["", "T00:00", "T23:59:59.999"]) {
            const raw = `${year}-${day}${time}${time ? zone : ""}`;
            const iso = parseIsoDate(raw);
            if (iso === null) continue;
            accepted++;
            const { rows } = await t.database.execute("select $1::timestamptz as at", [iso]);
            expect(rows.length, raw).toBe(1);
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(50);
    expect(parseIsoDate("0000-01-01")).toBeNull();
    expect(parseIsoDate("0001-01-01T00:00+01:00")).toBeNull();
  });

  it("an out-of-range date in any list's filter answers 400", async () => {
    const lists = operations().filter(
      ({ method, op }) => method === "GET" && op.parameters?.some((p) => p.name === "searchAnd"),
    );
    expect(lists.length).toBeGreaterThan(3);
    for (const { path } of lists) {
      for (const field of ["createdDate", "updatedDate"]) {
        const url = `${urlOf(path)}?${new URLSearchParams({ searchAnd: `${field}>=0000-01-01` })}`;
        const res = await send(t.app, "GET", url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      }
    }
  });
});
