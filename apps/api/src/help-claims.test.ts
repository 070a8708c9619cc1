import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURES, type Feature } from "../../../content/features.ts";
import { createTestApp, type TestApp } from "../test/helper.ts";

/**
 * The help and about texts say only what is true today (issue 19): each claim is marked with the
 * feature it is about, and whether it says that feature works or is being built; a mark that
 * disagrees with the product fails here. See content/features.ts.
 */
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CONTENT = join(ROOT, "content");
const WEB_APP = join(ROOT, "apps/web/app");
const MARK = /<!--\s*feature:([^>]*?)-->/g;
/** A screen not built yet renders one of the honest placeholders. */
const PLACEHOLDER = /<(PlaceholderPage|AdsPlaceholder)\b/;
const CLAIM = /^([a-z0-9-]+)(\s+\(coming\))?$/;

interface Claim {
  file: string;
  feature: string;
  coming: boolean;
}

function claimsIn(file: string): Claim[] {
  const text = readFileSync(join(CONTENT, file), "utf8");
  return [...text.matchAll(MARK)].flatMap((mark) =>
    (mark[1] ?? "").split(",").map((part) => {
      const parsed = CLAIM.exec(part.trim());
      if (!parsed) throw new Error(`${file}: "${part.trim()}" is not "feature-id" or "feature-id (coming)"`);
      return { file, feature: parsed[1] as string, coming: Boolean(parsed[2]) };
    }),
  );
}

const texts = readdirSync(CONTENT).filter((f) => f.endsWith(".md"));
const claims = texts.flatMap(claimsIn);
const features: Record<string, Feature> = FEATURES;

let t: TestApp;
let operations: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  operations = new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );
});
afterAll(() => t.close());

/** Why a feature is not there yet, or null when it is. */
function missing(feature: Feature): string | null {
  const op = feature.operations.find((o) => !operations.has(o));
  if (op) return `the API has no ${op}`;
  const screen = feature.screens.find((s) => PLACEHOLDER.test(readFileSync(join(WEB_APP, s), "utf8")));
  if (screen) return `${screen} is still a placeholder`;
  const file = feature.files?.find((f) => !existsSync(join(ROOT, f)));
  if (file) return `${file} does not exist`;
  return null;
}

describe("the help texts' claims", () => {
  it("are marked in the help and about pages", () => {
    for (const file of ["support.md", "about.md"]) {
      expect(claims.filter((c) => c.file === file).length, file).toBeGreaterThan(0);
    }
  });

  it("name registered features, whose proofs name real operations and screens", () => {
    for (const claim of claims) expect(Object.keys(features), claim.file).toContain(claim.feature);
    for (const [id, feature] of Object.entries(features)) {
      for (const op of feature.operations) expect(op, id).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/\S+$/);
      for (const screen of feature.screens)
        expect(existsSync(join(WEB_APP, screen)), `${id}: ${screen}`).toBe(true);
      expect(
        feature.operations.length + feature.screens.length + (feature.files?.length ?? 0),
        id,
      ).toBeGreaterThan(0);
    }
  });

  it("say a feature works only when it does, and is being built only while it is", () => {
    const wrong = claims.flatMap(({ file, feature, coming }) => {
      const why = missing(features[feature] as Feature);
      if (!coming && why) return [`${file} says ${feature} works, but ${why}`];
      if (coming && !why)
        return [`${file} says ${feature} is being built, but it is there: say what it does now`];
      return [];
    });
    expect(wrong).toEqual([]);
  });
});
