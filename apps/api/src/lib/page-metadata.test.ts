import { describe, expect, it } from "vitest";
import { extractMetadata, METADATA_LIMITS, type PageMetadata } from "./page-metadata.ts";

const BASE = "https://example.com/blog/post?id=1";

const fixtures: { name: string; html: string; base?: string; expected: PageMetadata }[] = [
  {
    name: "a typical page",
    html: `<!doctype html><html lang="en"><head>
      <meta charset="utf-8">
      <title>  Hello &amp; welcome
        to the blog </title>
      <meta name="description" content="  A post about   things. ">
      <meta property="og:title" content="OG title">
      <meta property="og:description" content="OG description">
      <link rel="icon" href="/favicon.png" sizes="32x32">
      <link rel="canonical" href="https://example.com/blog/post">
    </head><body><h1>Hi</h1></body></html>`,
    expected: {
      title: "Hello & welcome to the blog",
      description: "A post about things.",
      faviconUrl: "https://example.com/favicon.png",
      canonicalUrl: "https://example.com/blog/post",
    },
  },
  {
    name: "Open Graph fallbacks",
    html: `<head><meta property="og:title" content="Only OG"><meta property="og:description" content="OG desc"></head>`,
    expected: { title: "Only OG", description: "OG desc" },
  },
  {
    name: "og:* given as name= instead of property=",
    html: `<meta name="og:title" content="Named OG"><meta name="og:description" content="Named desc">`,
    expected: { title: "Named OG", description: "Named desc" },
  },
  {
    name: "Twitter fallbacks",
    html: `<meta name="twitter:title" content="Tweet title"><meta name="twitter:description" content="Tweet desc">`,
    expected: { title: "Tweet title", description: "Tweet desc" },
  },
  {
    name: "an empty title falls back to og:title",
    html: `<title>   </title><meta property="og:title" content="Fallback">`,
    expected: { title: "Fallback" },
  },
  {
    name: "upper-case tags and attributes",
    html: `<HTML><HEAD><TITLE>Shouting</TITLE><META NAME="Description" CONTENT="Loud"><LINK REL="Shortcut Icon" HREF="ico.ico"></HEAD></HTML>`,
    expected: { title: "Shouting", description: "Loud", faviconUrl: "https://example.com/blog/ico.ico" },
  },
  {
    name: "relative URLs resolve against the page",
    html: `<link rel="icon" href="../img/icon.svg"><link rel="canonical" href="?id=2#x">`,
    expected: {
      faviconUrl: "https://example.com/img/icon.svg",
      canonicalUrl: "https://example.com/blog/post?id=2#x",
    },
  },
  {
    name: "protocol-relative URLs",
    html: `<link rel="icon" href="//cdn.example.net/i.png">`,
    expected: { faviconUrl: "https://cdn.example.net/i.png" },
  },
  {
    name: "<base href> changes resolution",
    html: `<base href="https://static.example.com/assets/"><link rel="icon" href="fav.ico"><link rel="canonical" href="/p">`,
    expected: {
      faviconUrl: "https://static.example.com/assets/fav.ico",
      canonicalUrl: "https://static.example.com/p",
    },
  },
  {
    name: "a javascript: <base> is ignored",
    html: `<base href="javascript:alert(1)//"><link rel="icon" href="fav.ico">`,
    expected: { faviconUrl: "https://example.com/blog/fav.ico" },
  },
  {
    name: "apple-touch-icon when there is no icon",
    html: `<link rel="apple-touch-icon" href="/touch.png">`,
    expected: { faviconUrl: "https://example.com/touch.png" },
  },
  {
    name: "icon preferred over apple-touch-icon whatever the order",
    html: `<link rel="apple-touch-icon" href="/touch.png"><link rel="icon" href="/icon.png">`,
    expected: { faviconUrl: "https://example.com/icon.png" },
  },
  {
    name: "unsafe or useless URLs are dropped",
    html: `<link rel="icon" href="javascript:alert(1)"><link rel="apple-touch-icon" href="data:image/png;base64,AAAA">
      <link rel="canonical" href="  vbscript:msgbox(1) ">`,
    expected: {},
  },
  {
    name: "entity-encoded javascript: URL is decoded, then refused",
    html: `<link rel="canonical" href="&#106;avascript:alert(1)"><link rel="icon" href="java&#x09;script:alert(1)">`,
    expected: {},
  },
  {
    name: "an over-long URL is dropped",
    html: `<link rel="canonical" href="/${"a".repeat(2100)}">`,
    expected: {},
  },
  {
    name: "the first title wins; an SVG title is not the page title",
    html: `<svg><title>Icon title</title></svg><title>Real</title><title>Second</title>`,
    expected: { title: "Real" },
  },
  {
    name: "markup inside script and style is not parsed",
    html: `<script>var s = "<title>Fake</title><meta name=description content=fake>";</script>
      <style>/* <title>Nope</title> */</style><title>Genuine</title>`,
    expected: { title: "Genuine" },
  },
  {
    name: "tags inside the title are text",
    html: `<title>A <b>bold</b> &lt;claim&gt;</title>`,
    expected: { title: "A <b>bold</b> <claim>" },
  },
  {
    name: "unquoted and single-quoted attributes",
    html: `<meta name=description content='It&#39;s fine'><link rel=icon href=/i.ico>`,
    expected: { description: "It's fine", faviconUrl: "https://example.com/i.ico" },
  },
  {
    name: "the first description wins",
    html: `<meta name="description" content="First"><meta name="description" content="Second">`,
    expected: { description: "First" },
  },
  {
    name: "a truncated document with an unclosed title",
    html: `<html><head><title>Cut off in the mid`,
    expected: { title: "Cut off in the mid" },
  },
  {
    name: "broken markup",
    html: `<<<title>>Weird</title><meta content="no name"><link href="/x"><link rel="icon">`,
    expected: { title: ">Weird" },
  },
  {
    name: "non-ASCII text",
    html: `<title>Café — 日本語 🙂</title><meta name="description" content="Ünïcödé">`,
    expected: { title: "Café — 日本語 🙂", description: "Ünïcödé" },
  },
  {
    name: "metadata in the body still counts",
    html: `<body><title>Body title</title><link rel="canonical" href="https://example.com/c"></body>`,
    expected: { title: "Body title", canonicalUrl: "https://example.com/c" },
  },
  { name: "an empty document", html: "", expected: {} },
  { name: "plain text", html: "just some text, no tags", expected: {} },
  {
    name: "an unusable base URL leaves only absolute URLs",
    html: `<link rel="icon" href="/rel.ico"><link rel="canonical" href="https://example.com/abs">`,
    base: "not a url",
    expected: { canonicalUrl: "https://example.com/abs" },
  },
];

describe("extractMetadata fixtures", () => {
  it.each(fixtures)("$name", ({ html, base, expected }) => {
    expect(extractMetadata(html, base ?? BASE)).toEqual(expected);
  });
});

describe("extractMetadata limits", () => {
  it("caps the title at 300 and the description at 1,000 characters", () => {
    const html = `<title>${"t".repeat(5000)}</title><meta name="description" content="${"d".repeat(5000)}">`;
    const meta = extractMetadata(html, BASE);
    expect(meta.title).toBe("t".repeat(METADATA_LIMITS.title));
    expect(meta.description).toBe("d".repeat(METADATA_LIMITS.description));
  });

  it("counts code points and never splits a surrogate pair", () => {
    const meta = extractMetadata(`<title>${"🙂".repeat(400)}</title>`, BASE);
    expect(Array.from(meta.title ?? "")).toHaveLength(300);
    expect(meta.title).toBe("🙂".repeat(300));
  });

  it("handles a large document", () => {
    const html = `<title>Big</title>${"<div><p>filler &amp; text</p></div>".repeat(50_000)}`;
    expect(extractMetadata(html, BASE)).toEqual({ title: "Big" });
  });

  it("handles deeply nested markup", () => {
    const html = `${"<div>".repeat(20_000)}<title>Deep</title>${"</div>".repeat(20_000)}`;
    expect(extractMetadata(html, BASE).title).toBe("Deep");
  });
});

describe("extractMetadata stops after the head", () => {
  it("ignores body markup once the head gave a title", () => {
    const html = `<head><title>Head</title></head><body><link rel="canonical" href="/late"><meta name="description" content="late"></body>`;
    expect(extractMetadata(html, BASE)).toEqual({ title: "Head" });
  });

  it("keeps reading the body when the head had no title", () => {
    const html = `<head><meta name="description" content="early"></head><body><title>Late title</title></body>`;
    expect(extractMetadata(html, BASE)).toEqual({ title: "Late title", description: "early" });
  });
});
