import { describe, expect, it } from "vitest";
import { contentSlugs, findContentPage, renderContentMarkdown } from "./content.server.ts";

describe("content pages", () => {
  it("bundles about, support and terms with their first heading as title", () => {
    expect(contentSlugs()).toEqual(expect.arrayContaining(["about", "support", "terms"]));
    const about = findContentPage("about");
    expect(about?.title).toBe("About Flipside");
    expect(about?.html).toContain("<h1>About Flipside</h1>");
    expect(findContentPage("terms")?.title).toBe("Terms and conditions");
  });

  it("knows nothing else, whatever the slug looks like", () => {
    for (const slug of [
      "",
      "nope",
      "../package",
      "about/../terms",
      "ABOUT",
      "about.md",
      "constructor",
      "__proto__",
    ]) {
      expect(findContentPage(slug), slug).toBeUndefined();
    }
  });

  it("renders no raw HTML and no unsafe links", () => {
    const html = renderContentMarkdown("<script>alert(1)</script>\n\n[x](javascript:alert(1)) [y](/terms)");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="/terms">y</a>');
  });

  it("leaves out the feature marks (content/features.ts), and only those lines", () => {
    const html = renderContentMarkdown(
      "### Question\n\n<!-- feature: password-reset -->\nAn answer.\n\nInline <!-- kept --> text.",
    );
    expect(html).toBe("<h3>Question</h3>\n<p>An answer.</p>\n<p>Inline &lt;!-- kept --&gt; text.</p>\n");
    for (const slug of contentSlugs()) expect(findContentPage(slug)?.html, slug).not.toContain("feature:");
  });
});
