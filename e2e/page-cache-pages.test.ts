import { describe, expect, it } from "vitest";
import { pagePath, useJourney } from "./fixtures/journey.ts";

/**
 * A page view's cached HTML (decision 005) belongs to its page: a write on one page drops that
 * page's render and the lists (which may show it), not every other page's; a change that may show
 * anywhere (a person's name) still drops them all.
 */

const journey = useJourney({ PAGE_CACHE_TTL_MS: "60000" });

async function view(path: string) {
  const res = await fetch(`${journey.server.url}${path}`, { headers: { accept: "text/html" } });
  return { cache: res.headers.get("x-page-cache"), body: await res.text(), headers: res.headers };
}

describe("page view HTML per page", () => {
  it("drops only the written page's render (and the lists), and every render when a name changes", async () => {
    const writer = await journey.account("Cachewriter");
    const [a, b] = ["https://cache-a.example.net/story", "https://cache-b.example.net/story"];
    const flip = async (url: string) =>
      (
        await journey.api<{ id: string }>("/v1/site-pages/flip", {
          method: "POST",
          body: { url, back: false },
        })
      ).data.id;
    const pageA = await flip(a);
    await flip(b);

    for (const path of [pagePath(a), pagePath(b), "/"]) {
      expect((await view(path)).cache).toBe("miss");
      const hit = await view(path);
      expect(hit.cache, path).toBe("hit");
      // The page it shows is the server's business, not the browser's.
      expect(hit.headers.get("x-flipside-page")).toBeNull();
    }

    const posted = await journey.api("/v1/site-page-comments", {
      method: "POST",
      token: writer.token,
      body: { sitePage_id: pageA, body: "Fresh words on page A" },
    });
    expect(posted.status, JSON.stringify(posted.data)).toBe(201);
    const afterA = await view(pagePath(a));
    expect(afterA.cache).toBe("miss");
    expect(afterA.body).toContain("Fresh words on page A");
    expect((await view(pagePath(b))).cache).toBe("hit");
    expect((await view("/")).cache).toBe("miss");

    const renamed = await journey.api("/account", {
      method: "POST",
      token: writer.token,
      body: { displayName: "Cachewriter Renamed" },
    });
    expect(renamed.status).toBe(200);
    expect((await view(pagePath(b))).cache).toBe("miss");
    expect((await view(pagePath(a))).cache).toBe("miss");
  });
});
