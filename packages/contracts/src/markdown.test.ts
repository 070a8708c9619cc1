import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isSafeLink, LINK_REL, markdownToText, renderMarkdown } from "./markdown.ts";

const LINK_ATTRS = `rel="${LINK_REL}" target="_blank"`;

describe("renderMarkdown — the supported subset", () => {
  it.each<[string, string]>([
    ["Hello", "<p>Hello</p>\n"],
    [
      "*em* _em_ **strong** __strong__ ~~gone~~",
      "<p><em>em</em> <em>em</em> <strong>strong</strong> <strong>strong</strong> <s>gone</s></p>\n",
    ],
    ["one\ntwo", "<p>one<br>\ntwo</p>\n"],
    ["para one\n\npara two", "<p>para one</p>\n<p>para two</p>\n"],
    ["`a < b`", "<p><code>a &lt; b</code></p>\n"],
    ["```\nx <b>\n```", "<pre><code>x &lt;b&gt;\n</code></pre>\n"],
    ["```ts\nconst a = 1;\n```", '<pre><code class="language-ts">const a = 1;\n</code></pre>\n'],
    ["    indented code", "<pre><code>indented code\n</code></pre>\n"],
    ["> quoted", "<blockquote>\n<p>quoted</p>\n</blockquote>\n"],
    ["- a\n- b", "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"],
    ["3. c\n4. d", '<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>\n'],
    [
      "[site](https://example.com/a?b=1&c=2)",
      `<p><a href="https://example.com/a?b=1&amp;c=2" ${LINK_ATTRS}>site</a></p>\n`,
    ],
    [
      '[t](http://example.com "A title")',
      `<p><a href="http://example.com" title="A title" ${LINK_ATTRS}>t</a></p>\n`,
    ],
    ["[mail](mailto:a@example.com)", `<p><a href="mailto:a@example.com" ${LINK_ATTRS}>mail</a></p>\n`],
    ["[rel](/users/123)", `<p><a href="/users/123" ${LINK_ATTRS}>rel</a></p>\n`],
    ["[anchor](#comments)", `<p><a href="#comments" ${LINK_ATTRS}>anchor</a></p>\n`],
    ["[proto](//example.com/x)", `<p><a href="//example.com/x" ${LINK_ATTRS}>proto</a></p>\n`],
    ["<https://example.com>", `<p><a href="https://example.com" ${LINK_ATTRS}>https://example.com</a></p>\n`],
    [
      "see https://example.com/x.",
      `<p>see <a href="https://example.com/x" ${LINK_ATTRS}>https://example.com/x</a>.</p>\n`,
    ],
    ["[ref]\n\n[ref]: https://example.com", `<p><a href="https://example.com" ${LINK_ATTRS}>ref</a></p>\n`],
    ["# Heading", "<p><strong>Heading</strong></p>\n"],
    ["### Small *heading*", "<p><strong>Small <em>heading</em></strong></p>\n"],
    ["Setext\n======", "<p><strong>Setext</strong></p>\n"],
    ["#", "<p></p>\n"],
    [
      "![alt](https://example.com/a.png)",
      `<p>!<a href="https://example.com/a.png" ${LINK_ATTRS}>alt</a></p>\n`,
    ],
    ["| a | b |\n|---|---|\n| 1 | 2 |", "<p>| a | b |<br>\n|---|---|<br>\n| 1 | 2 |</p>\n"],
    ["---", "<p>---</p>\n"],
    ["a &amp; b &copy;", "<p>a &amp; b ©</p>\n"],
    ["", ""],
  ])("%j", (src, html) => {
    expect(renderMarkdown(src)).toBe(html);
  });
});

/** XSS payloads: none may produce script, an event handler, a style or a dangerous URL. */
const payloads: string[] = [
  "<script>alert(1)</script>",
  "<ScRiPt>alert(1)</sCrIpT>",
  "<img src=x onerror=alert(1)>",
  '<img src="x" onerror="alert(1)">',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<a href="javascript:alert(1)">click</a>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](javascript&#58;alert(1))",
  "[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))",
  "[x](&#x6A;avascript:alert(1))",
  "[x](&Tab;javascript:alert(1))",
  "[x](<java\tscript:alert(1)>)",
  "[x](<javascript:alert(1)>)",
  "[x]( javascript:alert(1) )",
  "[x](\u0001javascript:alert(1))",
  "[x](javascript://%0aalert(1))",
  "[x](vbscript:msgbox(1))",
  "[x](VBScript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[xss](data:text/html,<script>alert(1)</script>)",
  "[x](file:///etc/passwd)",
  "<javascript:alert(1)>",
  "<JAVASCRIPT:alert(1)>",
  "<vbscript:msgbox(1)>",
  "<data:text/html,alert(1)>",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  '![x](http://x.com/a.png" onerror="alert(1))',
  '[x](http://a.com "t\\" onmouseover=\\"alert(1)")',
  "[x](http://a.com 'a' onclick='alert(1)')",
  '[x](#" onclick="alert(1))',
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  "[x][ref]\n\n[ref]: <javascript:alert(1)>",
  '[x][ref]\n\n[ref]: https://example.com "t" onclick="alert(1)"',
  "[a [b] c](javascript:alert(1))",
  "[[x](javascript:alert(1))](https://example.com)",
  "[![x](javascript:alert(1))](javascript:alert(2))",
  '[x](https://example.com)<a href="javascript:alert(1)">y</a>',
  'https://example.com/"><script>alert(1)</script>',
  "https://example.com/<img src=x onerror=alert(1)>",
  "www.example.com/<svg/onload=alert(1)>",
  '```"><script>alert(1)</script>\ncode\n```',
  "```html\n<script>alert(1)</script>\n```",
  "`<script>alert(1)</script>`",
  "> <img src=x onerror=alert(1)>\n> [q](javascript:alert(1))",
  "- <script>alert(1)</script>\n- [l](javascript:alert(1))",
  "# <script>alert(1)</script>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;script&#62;alert(1)&#60;/script&#62;",
  "<<script>script>alert(1)<</script>/script>",
  "<!--<script>alert(1)</script>-->",
  "<![CDATA[<script>alert(1)</script>]]>",
  '[x](https://example.com/"onmouseover="alert(1))',
  "[x](mailto:a@b.com?subject=<script>)",
];

const ALLOWED_TAGS: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  s: [],
  code: ["class"],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href", "title", "rel", "target"],
};

const decodeAttr = (value: string) =>
  value.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/**
 * Reads the renderer's own output (escaped, well-formed by construction) into tags. Any "<"
 * that does not start a whitelisted tag is a failure, so raw markup can never slip through.
 */
function inspect(html: string) {
  const tags: { name: string; attrs: Record<string, string> }[] = [];
  const tag = /<\/?([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*\/?>/y;
  for (let i = html.indexOf("<"); i !== -1; i = html.indexOf("<", i + 1)) {
    tag.lastIndex = i;
    const m = tag.exec(html);
    if (!m) throw new Error(`raw "<" at ${i}: ${html.slice(i, i + 40)}`);
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? "").matchAll(/([a-z-]+)="([^"]*)"/g))
      attrs[a[1] as string] = decodeAttr(a[2] ?? "");
    tags.push({ name: m[1] as string, attrs });
  }
  return tags;
}

describe("renderMarkdown — XSS payloads", () => {
  it("has at least 30 payloads", () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
  });

  it.each(payloads)("%j", (payload) => {
    const html = renderMarkdown(payload);
    expect(html).not.toMatch(/<script/i);
    // Attribute values are quoted and escaped, so a handler can only be an attribute name.
    expect(html.replace(/="[^"]*"/g, '=""')).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/\b(href|src)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
    for (const { name, attrs } of inspect(html)) {
      const allowed = ALLOWED_TAGS[name];
      expect(allowed, `tag <${name}>`).toBeDefined();
      for (const attr of Object.keys(attrs)) {
        expect(allowed).toContain(attr);
        expect(attr).not.toMatch(/^on/);
      }
      if (attrs.href !== undefined) {
        // What a browser would do with the href: its scheme must be a safe one.
        const url = new URL(attrs.href, "https://flipside.example/page");
        expect(["http:", "https:", "mailto:"]).toContain(url.protocol);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these before the scheme
        expect(attrs.href.replace(/[\u0000-\u0020]/g, "")).not.toMatch(/^(javascript|data|vbscript|file):/i);
        expect(attrs.rel).toBe(LINK_REL);
        expect(attrs.target).toBe("_blank");
      }
    }
  });

  it("renders the link-title payload as one harmless title attribute", () => {
    const [link] = inspect(renderMarkdown('[x](http://a.com "t\\" onmouseover=\\"alert(1)")')).filter(
      (t) => t.name === "a",
    );
    expect(link?.attrs).toEqual({
      href: "http://a.com",
      title: 't" onmouseover="alert(1)',
      rel: LINK_REL,
      target: "_blank",
    });
  });

  it("survives pathological input", () => {
    const inputs = [
      "[".repeat(10_000),
      "*a".repeat(5_000),
      ">".repeat(10_000),
      "- ".repeat(5_000),
      "`".repeat(10_000),
      "<".repeat(10_000),
      "[a](".repeat(2_000),
      "\\".repeat(10_000),
    ];
    for (const input of inputs) {
      const html = renderMarkdown(input);
      expect(html).not.toMatch(/<script/i);
      expect(() => inspect(html)).not.toThrow();
    }
  });
});

describe("isSafeLink", () => {
  it.each([
    "https://example.com",
    "http://example.com",
    "mailto:a@example.com",
    "/relative",
    "relative/path",
    "#anchor",
    "?q=1",
    "//example.com",
    "%6Aavascript:alert(1)",
    "",
  ])("allows %j", (url) => {
    expect(isSafeLink(url)).toBe(true);
  });
  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "vbscript:x",
    "data:text/html,x",
    "data:image/png;base64,AAAA",
    "file:///etc/passwd",
    "ftp://example.com",
    "tel:123",
    "blob:https://x/y",
  ])("refuses %j", (url) => {
    expect(isSafeLink(url)).toBe(false);
  });
});

describe("markdownToText", () => {
  it.each<[string, number | undefined, string]>([
    ["Hello *world*", undefined, "Hello world"],
    ["# Title\n\nBody **bold** and `code`", undefined, "Title Body bold and code"],
    ["[link text](https://example.com) after", undefined, "link text after"],
    ["> quote\n\n- one\n- two", undefined, "quote one two"],
    ["```\nconst a = 1;\n```", undefined, "const a = 1;"],
    ["a &amp; b &lt;c&gt;", undefined, "a & b <c>"],
    ["<script>alert(1)</script>", undefined, "<script>alert(1)</script>"],
    ["line one\nline two", undefined, "line one line two"],
    ["  \n\n  ", undefined, ""],
    ["The quick brown fox jumps over the lazy dog", 20, "The quick brown fox…"],
    ["Supercalifragilisticexpialidocious", 10, "Supercali…"],
    ["short", 10, "short"],
    ["exactly10!", 10, "exactly10!"],
    ["🙂🙂🙂🙂🙂🙂", 4, "🙂🙂🙂…"],
    ["anything", 0, ""],
  ])("%j (max %j)", (src, max, text) => {
    expect(markdownToText(src, max)).toBe(text);
  });
});

describe("browser safety", () => {
  it("imports nothing from Node", () => {
    const source = readFileSync(new URL("./markdown.ts", import.meta.url), "utf8");
    const imports = [...source.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports).toEqual(["markdown-it"]);
    expect(source).not.toMatch(/\b(process|Buffer|require)\b/);
  });
});
