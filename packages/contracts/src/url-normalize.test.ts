import { describe, expect, it } from "vitest";
import { MAX_URL_LENGTH, type NormalizedUrl, tryNormalizeUrl } from "./url-normalize.ts";

function normalizeUrl(input: string): NormalizedUrl {
  const result = tryNormalizeUrl(input);
  if (!result) throw new Error(`${input} was refused`);
  return result;
}

/** Every variant of a group must normalize to the group's canonical form. */
const equivalent: { canonical: string; variants: string[] }[] = [
  {
    canonical: "example.com/",
    variants: [
      "example.com",
      "example.com/",
      "  example.com  ",
      "https://example.com",
      "http://example.com",
      "HTTPS://EXAMPLE.COM",
      "https://www.example.com/",
      "https://WWW.Example.Com",
      "https://example.com.",
      "https://example.com./",
      "https://example.com:443/",
      "http://example.com:80/",
      "https://user:secret@example.com/",
      "https://user@www.example.com",
      "//example.com",
      "https://example.com/?",
      "https://example.com/#",
      "https://example.com/#section",
      "https://example.com/?utm_source=newsletter&utm_medium=mail",
      "https://example.com//",
      "https://example.com/./",
      "https://example.com/../",
      "https://example.com/a/..",
      "https://ex%41mple.com/",
      "https://ＥＸＡＭＰＬＥ．ｃｏｍ/",
      "http:example.com",
      "https:/example.com",
      "https:\\\\example.com\\",
      "\thttps://example.com\n",
      "https://example.com/?fbclid=abc",
    ],
  },
  {
    canonical: "example.com/a/b",
    variants: [
      "example.com/a/b",
      "example.com/a/b/",
      "https://example.com/a//b",
      "https://example.com//a///b//",
      "https://example.com/a/./b",
      "https://example.com/a/c/../b",
      "https://example.com/a/%2e/b",
      "https://example.com/a/c/%2E%2E/b",
      "https://example.com/%61/%62",
      "https://www.example.com/a/b#top",
      "http://www.example.com:80/a/b/?utm_campaign=x",
      "https://example.com\\a\\b",
    ],
  },
  {
    canonical: "example.com/a?x=1",
    variants: [
      "https://example.com/a?x=1",
      "https://example.com/a/?x=1",
      "https://example.com/a?x=1&utm_source=x",
      "https://example.com/a?utm_source=x&x=1",
      "https://example.com/a?gclid=1&x=1&dclid=2",
      "https://example.com/a?x=1&gbraid=1&wbraid=2&msclkid=3",
      "https://example.com/a?mc_cid=1&mc_eid=2&x=1",
      "https://example.com/a?x=1&igshid=1&yclid=2&_ga=3&_gl=4",
      "https://example.com/a?ref_src=twsrc&spm=a.b&x=1",
      "https://example.com/a?UTM_SOURCE=x&x=1",
      "https://example.com/a?x=1&&",
      "https://example.com/a?&x=1",
      "https://example.com/a?x=1#comments",
      "https://example.com/a?%78=%31",
    ],
  },
  {
    canonical: "example.com/p?a=1&a=0&b=2",
    variants: [
      "https://example.com/p?b=2&a=1&a=0",
      "https://example.com/p?a=1&b=2&a=0",
      "https://example.com/p?a=1&a=0&b=2",
      "https://example.com/p?utm_x=1&b=2&a=1&a=0",
    ],
  },
  {
    canonical: "example.com/~user/a-b_c.d",
    variants: [
      "https://example.com/%7Euser/a-b_c.d",
      "https://example.com/%7euser/a%2Db%5Fc%2Ed",
      "https://example.com/~user/a-b_c.d/",
    ],
  },
  {
    canonical: "example.com/a%2Fb",
    variants: ["https://example.com/a%2fb", "https://example.com/a%2Fb", "https://example.com/a%2fb/"],
  },
  {
    canonical: "example.com/caf%C3%A9",
    variants: ["https://example.com/café", "https://example.com/caf%c3%a9", "https://example.com/caf%C3%A9"],
  },
  {
    canonical: "example.com/a%20b%7Cc",
    variants: ["https://example.com/a b|c", "https://example.com/a%20b%7cc", "https://example.com/a%20b|c"],
  },
  {
    canonical: "xn--bcher-kva.de/",
    variants: ["bücher.de", "https://BÜCHER.de/", "https://www.bücher.de", "https://xn--bcher-kva.de"],
  },
  {
    canonical: "example.com:8080/x",
    variants: ["example.com:8080/x", "https://example.com:8080/x/", "http://www.example.com:8080/x"],
  },
  {
    canonical: "example.com/#!/route/1",
    variants: ["https://example.com/#!/route/1", "https://www.example.com#!/route/1"],
  },
  {
    canonical: "example.com/app#/inbox",
    variants: ["https://example.com/app#/inbox", "https://example.com/app/#/inbox"],
  },
];

/** Inputs with their full expected result (fields left out are not checked). */
const expected: {
  input: string;
  normalizedUrl: string;
  displayUrl?: string;
  host?: string;
  domain?: string;
}[] = [
  {
    input: "example.com/a/b?x=1",
    normalizedUrl: "example.com/a/b?x=1",
    displayUrl: "https://example.com/a/b?x=1",
    host: "example.com",
    domain: "example.com",
  },
  {
    input: "http://example.com/a",
    normalizedUrl: "example.com/a",
    displayUrl: "http://example.com/a",
  },
  { input: "HTTP://Example.com/", normalizedUrl: "example.com/", displayUrl: "http://example.com/" },
  {
    input: "https://blog.example.co.uk/post",
    normalizedUrl: "blog.example.co.uk/post",
    host: "blog.example.co.uk",
    domain: "example.co.uk",
  },
  {
    input: "https://www.blog.example.co.uk/post",
    normalizedUrl: "blog.example.co.uk/post",
    host: "blog.example.co.uk",
    domain: "example.co.uk",
  },
  {
    input: "alice.github.io/notes",
    normalizedUrl: "alice.github.io/notes",
    host: "alice.github.io",
    domain: "alice.github.io",
  },
  {
    input: "https://www.alice.github.io/",
    normalizedUrl: "alice.github.io/",
    host: "alice.github.io",
    domain: "alice.github.io",
  },
  { input: "github.io", normalizedUrl: "github.io/", host: "github.io", domain: "github.io" },
  { input: "www.co.uk", normalizedUrl: "www.co.uk/", host: "www.co.uk", domain: "www.co.uk" },
  {
    input: "https://www.www.example.com/",
    normalizedUrl: "example.com/",
    host: "example.com",
    domain: "example.com",
  },
  { input: "https://www2.example.com/", normalizedUrl: "www2.example.com/", host: "www2.example.com" },
  { input: "http://example.com:443/", normalizedUrl: "example.com/", displayUrl: "http://example.com/" },
  { input: "https://example.com:80/", normalizedUrl: "example.com/", displayUrl: "https://example.com/" },
  {
    input: "https://example.com:8443/",
    normalizedUrl: "example.com:8443/",
    displayUrl: "https://example.com:8443/",
  },
  {
    input: "http://example.com:8080",
    normalizedUrl: "example.com:8080/",
    displayUrl: "http://example.com:8080/",
  },
  { input: "https://example.com/a%2fb%3F", normalizedUrl: "example.com/a%2Fb%3F" },
  { input: "https://example.com/!$&'()*+,;=:@", normalizedUrl: "example.com/!$&'()*+,;=:@" },
  { input: "https://example.com/%21", normalizedUrl: "example.com/%21" },
  { input: "https://example.com/a^b`c{d}[e]", normalizedUrl: "example.com/a%5Eb%60c%7Bd%7D%5Be%5D" },
  { input: "https://example.com/100%", normalizedUrl: "example.com/100%25" },
  { input: "https://example.com/%zz", normalizedUrl: "example.com/%25zz" },
  { input: "https://example.com/a\u0000b", normalizedUrl: "example.com/a%00b" },
  { input: "https://example.com/?q=a+b", normalizedUrl: "example.com/?q=a+b" },
  { input: "https://example.com/?q=a%2Bb", normalizedUrl: "example.com/?q=a%2Bb" },
  { input: "https://example.com/?q=a%26b=c", normalizedUrl: "example.com/?q=a%26b=c" },
  { input: "https://example.com/?q=%c3%a9", normalizedUrl: "example.com/?q=%C3%A9" },
  { input: "https://example.com/?q=é", normalizedUrl: "example.com/?q=%C3%A9" },
  { input: "https://example.com/?q=a b", normalizedUrl: "example.com/?q=a%20b" },
  { input: "https://example.com/?q=/a?b", normalizedUrl: "example.com/?q=/a?b" },
  { input: "https://example.com/?flag", normalizedUrl: "example.com/?flag" },
  { input: "https://example.com/?flag=", normalizedUrl: "example.com/?flag=" },
  { input: "https://example.com/?B=1&a=2", normalizedUrl: "example.com/?B=1&a=2" },
  { input: "https://example.com/?ref=hn", normalizedUrl: "example.com/?ref=hn" },
  { input: "https://example.com/?utm=1", normalizedUrl: "example.com/?utm=1" },
  { input: "https://example.com/?xutm_source=1", normalizedUrl: "example.com/?xutm_source=1" },
  { input: "https://example.com/?%75tm_source=1&a=1", normalizedUrl: "example.com/?a=1" },
  { input: "https://example.com/#%21x", normalizedUrl: "example.com/" },
  { input: "https://example.com/#!a b", normalizedUrl: "example.com/#!a%20b" },
  { input: "https://example.com/x#/a?b=1", normalizedUrl: "example.com/x#/a?b=1" },
  { input: "https://a_b.example.com/", normalizedUrl: "a_b.example.com/", domain: "example.com" },
  { input: "https://foo.bar/", normalizedUrl: "foo.bar/", domain: "foo.bar" },
  {
    input: "https://münchen.de/straße",
    normalizedUrl: "xn--mnchen-3ya.de/stra%C3%9Fe",
    host: "xn--mnchen-3ya.de",
    domain: "xn--mnchen-3ya.de",
  },
  { input: "https://example.com/\u200b", normalizedUrl: "example.com/%E2%80%8B" },
  { input: "https://exa\u00admple.com", normalizedUrl: "example.com/" },
  { input: "https://example.com/a/b/../../../../c", normalizedUrl: "example.com/c" },
  { input: "https://example.com/a//../b", normalizedUrl: "example.com/a/b" },
  {
    input: "https://x.s3.amazonaws.com/file",
    normalizedUrl: "x.s3.amazonaws.com/file",
    domain: "x.s3.amazonaws.com",
  },
];

/** Inputs that must be refused with "{input} is not a valid domain". */
const refused: string[] = [
  "",
  "   ",
  "localhost",
  "http://localhost/",
  "localhost:3000",
  "intranet",
  "https://intranet/",
  "com",
  "co.uk",
  "https://co.uk/",
  "example.invalidtld",
  "example.local",
  "printer.internal",
  "foo.test",
  "foo.example",
  "127.0.0.1",
  "http://127.0.0.1/",
  "http://127.0.0.1:8080/admin",
  "http://10.0.0.1/",
  "http://192.168.1.1/",
  "http://169.254.169.254/latest/meta-data/",
  "8.8.8.8",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0x7f.1/",
  "http://0177.0.0.1/",
  "http://017700000001/",
  "http://127.1/",
  "http://0/",
  "[::1]",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[2001:db8::1]:8080/",
  "http://[fe80::1%25eth0]/",
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "ftp://example.com/",
  "mailto:someone@example.com",
  "ws://example.com/",
  "chrome://settings",
  "about:blank",
  "vbscript:msgbox(1)",
  "user:pw@example.com",
  "https://",
  "https:///path",
  "http://exa mple.com/",
  "https://exa\u0000mple.com/",
  "https://-bad.example.com/",
  "https://a..example.com/",
  "https://.example.com/",
  "https://..example.com/",
  "https://example.com../x",
  "https://example.com:0/",
  "https://example.com:00/",
  "https://xn--zz.com/",
  "https://example.com:99999/",
  "https://1.2.3.999/",
  "https://example.1/",
  "https://<script>.com/",
  `https://example.com/${"a".repeat(MAX_URL_LENGTH)}`,
  `https://${"a".repeat(64)}.com/`,
];

describe("normalizeUrl — equivalent variants", () => {
  for (const group of equivalent) {
    it.each(group.variants)(`%j → ${group.canonical}`, (variant) => {
      expect(normalizeUrl(variant).normalizedUrl).toBe(group.canonical);
    });
  }
});

describe("normalizeUrl — expected outputs", () => {
  it.each(expected)("$input", ({ input, ...want }) => {
    const got = normalizeUrl(input);
    expect(got).toMatchObject(want);
  });
});

describe("normalizeUrl — refused inputs", () => {
  it.each(refused)("%j", (input) => {
    expect(tryNormalizeUrl(input)).toBeNull();
  });
});

describe("normalizeUrl — properties", () => {
  const all = [...equivalent.flatMap((g) => g.variants), ...expected.map((e) => e.input)];

  it("has at least 100 table cases", () => {
    expect(all.length + refused.length).toBeGreaterThanOrEqual(100);
  });

  it.each(all)("is idempotent for %j", (input) => {
    const once = normalizeUrl(input);
    expect(normalizeUrl(once.normalizedUrl).normalizedUrl).toBe(once.normalizedUrl);
    expect(normalizeUrl(once.displayUrl).normalizedUrl).toBe(once.normalizedUrl);
  });

  it("produces ASCII only, with no scheme, no user-info and no whitespace", () => {
    for (const input of all) {
      const { normalizedUrl, displayUrl } = normalizeUrl(input);
      expect(normalizedUrl).toMatch(/^[\x21-\x7e]+$/);
      expect(normalizedUrl).not.toMatch(/^[a-z]+:\/\//);
      expect(normalizedUrl.split("/")[0]).not.toContain("@");
      expect(displayUrl.endsWith(normalizedUrl)).toBe(true);
    }
  });

  it("accepts exactly MAX_URL_LENGTH characters and refuses one more", () => {
    const base = "https://example.com/";
    const fits = base + "a".repeat(MAX_URL_LENGTH - base.length);
    expect(normalizeUrl(fits).normalizedUrl).toBe(`example.com/${"a".repeat(MAX_URL_LENGTH - base.length)}`);
    expect(tryNormalizeUrl(`${fits}a`)).toBeNull();
  });

  it("refuses an input whose percent-encoded form outgrows the limit", () => {
    expect(tryNormalizeUrl(`https://example.com/${"é".repeat(400)}`)).toBeNull();
  });

  it("handles pathological inputs without backtracking blow-ups", () => {
    // Correctness only (no timing): these shapes are the classic regex traps.
    const inputs = [
      `${"a:".repeat(999)}`,
      `${"a.".repeat(999)}com`,
      `https://example.com/${"%".repeat(1900)}`,
      `https://example.com/?${"&".repeat(1900)}`,
      `https://example.com/${"/./..".repeat(390)}`,
      `${"1".repeat(1999)}:`,
    ];
    for (const input of inputs) {
      expect(() => tryNormalizeUrl(input)).not.toThrow();
    }
    expect(tryNormalizeUrl(`https://example.com/?${"&".repeat(1900)}`)?.normalizedUrl).toBe("example.com/");
  });
});

describe("punycode labels", () => {
  it.each(["xn--bcher-kva.de", "xn--ls8h.la", "xn--zca.com"])(
    "keeps %j, which decodes to Unicode",
    (host) => {
      expect(tryNormalizeUrl(`https://${host}/`)?.host).toBe(host);
    },
  );

  it.each(["xn--zz.com", "xn--.com", "xn--a.com", "xn--abc-.com", "www.xn--abc-.example.com"])(
    "refuses %j, which is no registrable name",
    (host) => {
      expect(tryNormalizeUrl(`https://${host}/`)).toBeNull();
    },
  );
});
