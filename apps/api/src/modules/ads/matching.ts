import type { AdFilterRuleType } from "@flipside/contracts/ads-constants";

/**
 * How a page matches the rules of filter lists and audiences (ADS.md §3.5): one function, used by
 * "Check an address", by audience membership and by serving. Rule values are stored normalised.
 */

export interface PageFacts {
  /** PD §2's normalised address, "example.com/a/b". */
  normalizedUrl: string;
  /** Its host without `www.`. */
  host: string;
  title?: string | null;
  description?: string | null;
  /** Slugs of the site's topics. */
  topics?: readonly string[];
}

export interface Rule {
  type: AdFilterRuleType;
  value: string;
}

const keywordPatterns = new Map<string, RegExp>();

/** A keyword as a whole word, whatever its case: "bike" matches "Bike shop", not "bikes". */
function keywordPattern(keyword: string): RegExp {
  let pattern = keywordPatterns.get(keyword);
  if (!pattern) {
    const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    pattern = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?:$|[^\\p{L}\\p{N}])`, "iu");
    if (keywordPatterns.size > 10_000) keywordPatterns.clear();
    keywordPatterns.set(keyword, pattern);
  }
  return pattern;
}

export function ruleMatches(rule: Rule, page: PageFacts): boolean {
  switch (rule.type) {
    case "DOMAIN":
      return page.host === rule.value || page.host.endsWith(`.${rule.value}`);
    case "URL_PREFIX":
      return page.normalizedUrl.startsWith(rule.value);
    case "URL_EXACT":
      return page.normalizedUrl === rule.value;
    case "KEYWORD": {
      const pattern = keywordPattern(rule.value);
      return [page.title, page.description, page.normalizedUrl].some((text) =>
        Boolean(text && pattern.test(text)),
      );
    }
    case "TOPIC":
      return page.topics?.includes(rule.value) ?? false;
  }
}

/** The first rule that matches the page, or null. */
export function firstMatch<R extends Rule>(rules: readonly R[], page: PageFacts): R | null {
  return rules.find((rule) => ruleMatches(rule, page)) ?? null;
}

/**
 * Whether any of the rules matches, for serving: the first time a list is asked about, its
 * domains and exact addresses go into sets (a list may hold 5,000 rules), so a page is checked
 * by its host's few suffixes rather than rule by rule.
 */
export function anyMatches(rules: readonly Rule[], page: PageFacts): boolean {
  let compiled = compiledLists.get(rules);
  if (!compiled) {
    compiled = {
      domains: new Set(rules.filter((r) => r.type === "DOMAIN").map((r) => r.value)),
      exact: new Set(rules.filter((r) => r.type === "URL_EXACT").map((r) => r.value)),
      others: rules.filter((r) => r.type !== "DOMAIN" && r.type !== "URL_EXACT"),
    };
    compiledLists.set(rules, compiled);
  }
  if (compiled.exact.has(page.normalizedUrl)) return true;
  if (compiled.domains.size > 0) {
    // The host and each domain it is under: "a.b.example.com", "b.example.com", "example.com", "com".
    for (let host = page.host; ; ) {
      if (compiled.domains.has(host)) return true;
      const dot = host.indexOf(".");
      if (dot < 0) break;
      host = host.slice(dot + 1);
    }
  }
  return compiled.others.some((rule) => ruleMatches(rule, page));
}

const compiledLists = new WeakMap<
  readonly Rule[],
  { domains: Set<string>; exact: Set<string>; others: readonly Rule[] }
>();
