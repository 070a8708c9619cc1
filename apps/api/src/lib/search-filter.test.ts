import { type SQL, sql } from "drizzle-orm";
import { boolean, integer, PgDialect, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { AppError } from "./errors.ts";
import {
  compileSearchAnd,
  compileSort,
  describeFilter,
  escapeLike,
  type FilterSpec,
  filterKey,
  parseIsoDate,
  parseSearchAnd,
  type SortSpec,
} from "./search-filter.ts";

const comments = pgTable("comments", {
  id: uuid("id").primaryKey(),
  sitePageId: uuid("site_page_id").notNull(),
  parentId: uuid("parent_id"),
  claimUuid: uuid("claim_uuid"),
  body: text("body").notNull(),
  contributionType: text("contribution_type").notNull(),
  deleted: boolean("deleted").notNull(),
  score: integer("score").notNull(),
  createdDate: timestamp("created_date", { withTimezone: true }).notNull(),
  normalizedUrl: text("normalized_url").notNull(),
});

const normalizeCalls: { value: string; op: string }[] = [];

const spec: FilterSpec = {
  fields: {
    id: { column: comments.id, type: "uuid" },
    sitePage_id: { column: comments.sitePageId, type: "uuid" },
    parent_id: { column: comments.parentId, type: "uuid", nullable: true },
    body: { column: comments.body, type: "string" },
    contributionType: { column: comments.contributionType, type: "enum", values: ["COMMENT", "REPLY"] },
    deleted: { column: comments.deleted, type: "boolean" },
    score: { column: comments.score, type: "int" },
    createdDate: { column: comments.createdDate, type: "date" },
    lowerBody: { column: sql`lower(${comments.body})`, type: "string", ops: ["=="] },
    normalizedUrl: {
      column: comments.normalizedUrl,
      type: "string",
      ops: ["==", "||"],
      normalize: (value, op) => {
        normalizeCalls.push({ value, op });
        if (value === "bad url") throw new AppError("invalid_url", "bad url is not a valid domain");
        if (value === "explode") throw new Error("internal");
        return value.toLowerCase();
      },
    },
  },
  bareToken: { field: "contributionType", values: ["COMMENT", "REPLY"] },
};

const dialect = new PgDialect();
const render = (input: SQL | undefined) => (input ? dialect.sqlToQuery(input) : undefined);
const compile = (searchAnd: string | undefined, s: FilterSpec = spec) =>
  render(compileSearchAnd(searchAnd, s));

const UUID_A = "0192f3a4-5b6c-7d8e-9f01-23456789abcd";
const UUID_B = "0192f3a4-5b6c-7d8e-9f01-23456789abce";

describe("compileSearchAnd — valid filters", () => {
  const cases: { input: string; sql: string; params: unknown[] }[] = [
    { input: `id==${UUID_A}`, sql: `"comments"."id" = $1::uuid`, params: [UUID_A] },
    { input: `id==${UUID_A.toUpperCase()}`, sql: `"comments"."id" = $1::uuid`, params: [UUID_A] },
    { input: `sitePage_id!=${UUID_A}`, sql: `"comments"."site_page_id" <> $1::uuid`, params: [UUID_A] },
    { input: "deleted==false", sql: `"comments"."deleted" = $1`, params: [false] },
    { input: "deleted==true", sql: `"comments"."deleted" = $1`, params: [true] },
    { input: "contributionType==REPLY", sql: `"comments"."contribution_type" = $1`, params: ["REPLY"] },
    { input: "COMMENT", sql: `"comments"."contribution_type" = $1`, params: ["COMMENT"] },
    { input: "score>=10", sql: `"comments"."score" >= $1`, params: [10] },
    { input: "score<=-3", sql: `"comments"."score" <= $1`, params: [-3] },
    { input: "score>+7", sql: `"comments"."score" > $1`, params: [7] },
    { input: "score<2147483647", sql: `"comments"."score" < $1`, params: [2147483647] },
    { input: "score==-2147483648", sql: `"comments"."score" = $1`, params: [-2147483648] },
    {
      input: "createdDate>=2024-01-31",
      sql: `"comments"."created_date" >= $1::timestamptz`,
      params: ["2024-01-31T00:00:00.000Z"],
    },
    {
      input: "createdDate<2024-01-31T12:30:00+02:00",
      sql: `"comments"."created_date" < $1::timestamptz`,
      params: ["2024-01-31T10:30:00.000Z"],
    },
    { input: "body==hello", sql: `"comments"."body" = $1`, params: ["hello"] },
    { input: "body||Hello", sql: `"comments"."body" ilike $1 escape '\\'`, params: ["%Hello%"] },
    {
      input: "body||50%_off\\",
      sql: `"comments"."body" ilike $1 escape '\\'`,
      params: ["%50\\%\\_off\\\\%"],
    },
    { input: "body==a\\,b", sql: `"comments"."body" = $1`, params: ["a,b"] },
    {
      input: "body==a\\\\,deleted==true",
      sql: `("comments"."body" = $1 and "comments"."deleted" = $2)`,
      params: ["a\\", true],
    },
    { input: "body==a\\b", sql: `"comments"."body" = $1`, params: ["a\\b"] },
    { input: "body==", sql: `"comments"."body" = $1`, params: [""] },
    { input: "body==x==y", sql: `"comments"."body" = $1`, params: ["x==y"] },
    { input: "body==  spaced value", sql: `"comments"."body" = $1`, params: ["  spaced value"] },
    { input: "body>m", sql: `"comments"."body" > $1`, params: ["m"] },
    { input: "body==ünïcödé 🙂 中文", sql: `"comments"."body" = $1`, params: ["ünïcödé 🙂 中文"] },
    { input: "lowerBody==x", sql: `lower("comments"."body") = $1`, params: ["x"] },
    { input: "parent_id==null", sql: `"comments"."parent_id" is null`, params: [] },
    { input: "parent_id!=null", sql: `"comments"."parent_id" is not null`, params: [] },
    { input: `parent_id==${UUID_B}`, sql: `"comments"."parent_id" = $1::uuid`, params: [UUID_B] },
    {
      input: "normalizedUrl==Example.COM/",
      sql: `"comments"."normalized_url" = $1`,
      params: ["example.com/"],
    },
    {
      input: `sitePage_id==${UUID_A},deleted==false,COMMENT`,
      sql: `("comments"."site_page_id" = $1::uuid and "comments"."deleted" = $2 and "comments"."contribution_type" = $3)`,
      params: [UUID_A, false, "COMMENT"],
    },
    {
      input: ` sitePage_id==${UUID_A} , , REPLY ,`,
      sql: `("comments"."site_page_id" = $1::uuid and "comments"."contribution_type" = $2)`,
      params: [UUID_A, "REPLY"],
    },
  ];
  it.each(cases)("$input", ({ input, sql: expectedSql, params }) => {
    const query = compile(input);
    expect(query?.sql).toBe(expectedSql);
    expect(query?.params).toEqual(params);
  });

  it.each([undefined, "", "   ", ",", " , ,"])("%j compiles to no condition", (input) => {
    expect(compileSearchAnd(input, spec)).toBeUndefined();
  });

  it("passes the operator to normalize and lets its AppError through", () => {
    normalizeCalls.length = 0;
    compile("normalizedUrl||Example");
    expect(normalizeCalls).toEqual([{ value: "Example", op: "||" }]);
    expect(() => compileSearchAnd("normalizedUrl==bad url", spec)).toThrow(
      expect.objectContaining({ status: 400, code: "invalid_url" }),
    );
    expect(() => compileSearchAnd("normalizedUrl==explode", spec)).toThrow(
      expect.objectContaining({ status: 400, code: "invalid_filter" }),
    );
  });

  it("accepts exactly maxClauses conditions", () => {
    const input = Array.from({ length: 20 }, () => "deleted==false").join(",");
    expect(compile(input)?.params).toHaveLength(20);
    expect(compile("COMMENT,REPLY", { ...spec, maxClauses: 2 })?.params).toEqual(["COMMENT", "REPLY"]);
  });

  it("accepts a value of exactly 2,000 characters", () => {
    expect(compile(`body==${"x".repeat(2000)}`)?.params).toEqual(["x".repeat(2000)]);
  });
});

/** Every hostile input is a 400 invalid_filter problem naming what is allowed. */
const hostile: { name: string; input: string }[] = [
  { name: "unknown field", input: "password==x" },
  { name: "unknown field with SQL", input: "1=1 OR body==x" },
  { name: "SQL in field name", input: "body;DROP TABLE users--==x" },
  { name: "quoted field", input: `"body"==x` },
  { name: "__proto__", input: "__proto__==x" },
  { name: "constructor", input: "constructor==x" },
  { name: "prototype", input: "prototype==x" },
  { name: "toString", input: "toString==x" },
  { name: "hasOwnProperty", input: "hasOwnProperty==x" },
  { name: "__proto__ bare", input: "__proto__" },
  { name: "single equals", input: "body=x" },
  { name: "no operator", input: "body" },
  { name: "unknown operator ~", input: "body~x" },
  { name: "unknown operator <>", input: "score<>1" },
  { name: "unknown operator =~", input: "body=~x" },
  { name: "space before operator", input: "body ==x" },
  { name: "operator only", input: "==x" },
  { name: "contains on uuid", input: "id||abc" },
  { name: "contains on int", input: "score||1" },
  { name: "contains on date", input: "createdDate||2024" },
  { name: "range on uuid", input: `id>${UUID_A}` },
  { name: "range on boolean", input: "deleted>false" },
  { name: "range on enum", input: "contributionType>COMMENT" },
  { name: "op outside explicit ops", input: "lowerBody!=x" },
  { name: "contains outside explicit ops", input: "lowerBody||x" },
  { name: "bad uuid", input: "id==not-a-uuid" },
  { name: "uuid with SQL", input: `id==${UUID_A}' OR 1=1 --` },
  { name: "uuid null without nullable", input: "sitePage_id==null" },
  { name: "empty uuid", input: "id==" },
  { name: "boolean yes", input: "deleted==yes" },
  { name: "boolean 1", input: "deleted==1" },
  { name: "boolean upper", input: "deleted==TRUE" },
  { name: "enum lower case", input: "contributionType==comment" },
  { name: "enum injection", input: "contributionType==COMMENT' OR '1'='1" },
  { name: "unknown bare token", input: "REVIEW" },
  { name: "bare token lower case", input: "comment" },
  { name: "bare SQL", input: "' OR 1=1 --" },
  { name: "bare semicolon", input: "1; SELECT pg_sleep(10)" },
  { name: "int overflow", input: "score>=2147483648" },
  { name: "int underflow", input: "score<=-2147483649" },
  { name: "huge int", input: `score==${"9".repeat(400)}` },
  { name: "float", input: "score==1.5" },
  { name: "exponent", input: "score==1e3" },
  { name: "hex int", input: "score==0x10" },
  { name: "Infinity", input: "score==Infinity" },
  { name: "NaN", input: "score==NaN" },
  { name: "int with SQL", input: "score==1 OR 1=1" },
  { name: "int with spaces", input: "score== 1" },
  { name: "date words", input: "createdDate>=yesterday" },
  { name: "date invalid month", input: "createdDate>=2024-13-01" },
  { name: "date Feb 31", input: "createdDate>=2024-02-31" },
  { name: "date 25h", input: "createdDate>=2024-01-01T25:00:00Z" },
  { name: "date with SQL", input: "createdDate>=2024-01-01'; DROP TABLE x;--" },
  { name: "epoch number date", input: "createdDate>=1700000000" },
  { name: "NUL byte in value", input: "body==a\u0000b" },
  { name: "NUL byte in field", input: "bo\u0000dy==a" },
  { name: "value too long", input: `body==${"x".repeat(2001)}` },
  { name: "21 clauses", input: Array.from({ length: 21 }, () => "COMMENT").join(",") },
  { name: "1,000 clauses", input: Array.from({ length: 1000 }, (_, i) => `body==${i}`).join(",") },
  { name: "one bad clause among good", input: `sitePage_id==${UUID_A},deleted==maybe` },
  { name: "field name too long", input: `${"a".repeat(5000)}==x` },
  { name: "unicode field", input: "bödy==x" },
  { name: "RTL override field", input: "\u202ebody==x" },
  { name: "normalize throwing non-AppError", input: "normalizedUrl==explode" },
];

describe("compileSearchAnd — hostile inputs", () => {
  it.each(hostile)("$name", ({ input }) => {
    let thrown: unknown;
    try {
      compileSearchAnd(input, spec);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.status).toBe(400);
    expect(error.code).toBe("invalid_filter");
    expect(error.detail).toContain("Allowed filters: id (==, !=)");
    expect(error.detail).toContain("contributionType (==, !=; values COMMENT, REPLY)");
    expect(error.detail).toContain("bare tokens: COMMENT, REPLY");
    expect(error.errors).toEqual([{ field: "searchAnd", message: expect.any(String) }]);
    // The detail never echoes control characters or unbounded input.
    expect(error.detail).not.toContain("\u0000");
    expect(error.detail.length).toBeLessThan(1000);
  });

  it("binds SQL fragments in values as parameters, never as SQL text", () => {
    const payloads = [
      "' OR 1=1 --",
      "'; DROP TABLE users; --",
      "\\'; SELECT pg_sleep(10); --",
      "$1",
      "$$ OR $$1$$=$$1",
      "*/ OR 1=1 /*",
      "%' OR '%'='",
      "E'\\x27",
      "\u2019 OR 1=1",
    ];
    for (const payload of payloads) {
      const escaped = payload.replaceAll("\\", "\\\\").replaceAll(",", "\\,");
      for (const op of ["==", "!=", ">", "||"]) {
        const query = compile(`body${op}${escaped}`);
        expect(query?.sql).toMatch(/^"comments"\."body" (=|<>|>|ilike) \$1( escape '\\')?$/);
        const expected = op === "||" ? `%${escapeLike(payload)}%` : payload;
        expect(query?.params).toEqual([expected]);
      }
    }
  });

  it("names the fields of the spec at hand", () => {
    const small: FilterSpec = { fields: { title: { column: comments.body, type: "string" } } };
    expect(() => compileSearchAnd("body==x", small)).toThrow(
      expect.objectContaining({
        detail: expect.stringContaining("Allowed filters: title (==, !=, ||, >=, <=, >, <)."),
      }),
    );
    expect(describeFilter({ fields: {} })).toBe("Allowed filters: none.");
  });

  it("does not consult the prototype chain for field names", () => {
    const withProto = Object.create({
      inherited: { column: comments.body, type: "string" },
    }) as FilterSpec["fields"];
    expect(() => compileSearchAnd("inherited==x", { fields: withProto })).toThrow(AppError);
  });
});

describe("escapeLike", () => {
  it.each([
    ["plain", "plain"],
    ["100%", "100\\%"],
    ["a_b", "a\\_b"],
    ["back\\slash", "back\\\\slash"],
    ["%_\\", "\\%\\_\\\\"],
  ])("%j → %j", (input, output) => {
    expect(escapeLike(input)).toBe(output);
  });
});

describe("parseIsoDate", () => {
  it.each([
    ["2024-01-31", "2024-01-31T00:00:00.000Z"],
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2024-01-31T12:00", "2024-01-31T12:00:00.000Z"],
    ["2024-01-31T12:00:05Z", "2024-01-31T12:00:05.000Z"],
    ["2024-01-31t12:00:05z", "2024-01-31T12:00:05.000Z"],
    ["2024-01-31 12:00:05.123456Z", "2024-01-31T12:00:05.123Z"],
    ["2024-01-31T12:00:00-0130", "2024-01-31T13:30:00.000Z"],
    ["2024-01-31T00:30:00+01:00", "2024-01-30T23:30:00.000Z"],
  ])("%j → %j", (input, output) => {
    expect(parseIsoDate(input)).toBe(output);
  });
  it.each([
    "",
    "2023-02-29",
    "2024-00-10",
    "2024-04-31",
    "2024-1-1",
    "24-01-01",
    "2024-01-01T24:00",
    "2024-01-01T12:60",
    "2024-01-01T12:00:60",
    "2024-01-01T12",
    "2024-01-01Z",
    "2024-01-01T12:00+25",
    "+002024-01-01",
    "now",
  ])("%j is refused", (input) => {
    expect(parseIsoDate(input)).toBeNull();
  });
});

describe("compileSort", () => {
  const sortSpec: SortSpec = {
    fields: {
      createdDate: comments.createdDate,
      claimUuid: comments.claimUuid,
      score: comments.score,
      top: sql`(${comments.score} * 2)`,
    },
  };
  const order = (
    sort: string[] | string | undefined,
    defaults: readonly string[] = ["claimUuid,desc", "createdDate,desc"],
  ) => compileSort(sort, sortSpec, defaults).map((part) => dialect.sqlToQuery(part).sql);

  it.each<[string[] | string | undefined, string[]]>([
    [undefined, [`"comments"."claim_uuid" desc nulls last`, `"comments"."created_date" desc`]],
    [[], [`"comments"."claim_uuid" desc nulls last`, `"comments"."created_date" desc`]],
    ["", [`"comments"."claim_uuid" desc nulls last`, `"comments"."created_date" desc`]],
    ["createdDate,asc", [`"comments"."created_date" asc`]],
    ["createdDate", [`"comments"."created_date" asc`]],
    ["createdDate,DESC", [`"comments"."created_date" desc`]],
    [" score , desc ", [`"comments"."score" desc`]],
    ["claimUuid,asc", [`"comments"."claim_uuid" asc nulls first`]],
    ["top,desc", [`("comments"."score" * 2) desc`]],
    [
      ["claimUuid,desc", "top,desc", "createdDate,desc"],
      [
        `"comments"."claim_uuid" desc nulls last`,
        `("comments"."score" * 2) desc`,
        `"comments"."created_date" desc`,
      ],
    ],
    [["score,desc", "score,asc"], [`"comments"."score" desc`]],
  ])("%j", (sort, expected) => {
    expect(order(sort)).toEqual(expected);
  });

  it.each<[string, string[] | string]>([
    ["unknown field", "password,asc"],
    ["bad direction", "createdDate,sideways"],
    ["SQL direction", "createdDate,desc; DROP TABLE users"],
    ["SQL field", "createdDate desc"],
    ["too many parts", "createdDate,desc,asc"],
    ["__proto__", "__proto__,asc"],
    ["constructor", "constructor,asc"],
    ["toString", "toString"],
    ["NUL", "createdDate\u0000,asc"],
    ["too long", `${"a".repeat(101)},asc`],
    ["six fields", ["score", "score", "score", "score", "score", "score"]],
    ["one bad among good", ["score,desc", "nope,asc"]],
  ])("%s → 400", (_name, sort) => {
    let thrown: unknown;
    try {
      compileSort(sort, sortSpec, ["createdDate,desc"]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 400, code: "invalid_sort" });
    expect((thrown as AppError).detail).toContain("createdDate, claimUuid, score, top");
  });

  it("produces no parameters", () => {
    for (const part of compileSort(["top,desc", "createdDate,asc"], sortSpec, [])) {
      expect(dialect.sqlToQuery(part).params).toEqual([]);
    }
  });
});

describe("parseSearchAnd — the typed filter", () => {
  it("reads each condition once into its field's type", () => {
    expect(
      parseSearchAnd(
        `sitePage_id==${UUID_A.toUpperCase()},COMMENT,deleted==false,score>=3,parent_id==null`,
        spec,
      ),
    ).toEqual([
      { field: "sitePage_id", op: "==", value: UUID_A },
      { field: "contributionType", op: "==", value: "COMMENT" },
      { field: "deleted", op: "==", value: false },
      { field: "score", op: ">=", value: 3 },
      { field: "parent_id", op: "==", value: null },
    ]);
  });

  it("gives one key to the same conditions in any order or spelling", () => {
    const key = filterKey(parseSearchAnd(`sitePage_id==${UUID_A},COMMENT`, spec));
    expect(
      filterKey(parseSearchAnd(` contributionType==COMMENT , sitePage_id==${UUID_A.toUpperCase()},`, spec)),
    ).toBe(key);
    expect(filterKey(parseSearchAnd(`sitePage_id==${UUID_B},COMMENT`, spec))).not.toBe(key);
  });
});

describe("parseSearchAnd — parsed once", () => {
  it("answers a filter it has read with the same frozen conditions, without reading it again", () => {
    normalizeCalls.length = 0;
    const first = parseSearchAnd("normalizedUrl==Once.example", spec);
    const again = parseSearchAnd("normalizedUrl==Once.example", spec);
    expect(again).toBe(first);
    expect(normalizeCalls).toEqual([{ value: "Once.example", op: "==" }]);
    expect(Object.isFrozen(first) && first.every((clause) => Object.isFrozen(clause))).toBe(true);
    expect(filterKey(again)).toBe(filterKey(first));
  });

  it("keeps filters per spec, and reads a refused one every time", () => {
    const other: FilterSpec = { fields: { body: { column: comments.body, type: "string" } } };
    expect(parseSearchAnd("body==x", other)).not.toBe(parseSearchAnd("body==x", spec));
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => parseSearchAnd("normalizedUrl==bad url", spec)).toThrow("bad url is not a valid domain");
    }
  });

  it("does not keep long filters, and keeps a bounded number of short ones", () => {
    const long = `body==${"x".repeat(300)}`;
    expect(parseSearchAnd(long, spec)).not.toBe(parseSearchAnd(long, spec));
    const first = parseSearchAnd("score==0", spec);
    for (let n = 1; n <= 256; n++) parseSearchAnd(`score==${n}`, spec);
    expect(parseSearchAnd("score==0", spec)).not.toBe(first);
    expect(parseSearchAnd("score==0", spec)).toEqual(first);
  });
});
