import { describe, expect, it } from "vitest";
import { pagePath, useJourney } from "./fixtures/journey.ts";

/**
 * A page view's cached HTML (decision 005) belongs to its page: a write on one page drops that
 * page's render and the lists (which may show it), not every other page's; a change that may show
 * anywhere (a person's name) still drops them all.
 */

// No fetching of the pages' own titles: a fetch that ends (here, offline, it fails after a DNS
// wait of its own) records that on the page and rightly drops its render, which could land between
// a test's two views of it.
const journey = useJourney({ PAGE_CACHE_TTL_MS: "60000", PAGE_FETCH_ENABLED: "false" });

async function view(path: string, token?: string) {
  const res = await fetch(`${journey.server.url}${path}`, {
    headers: { accept: "text/html", ...(token ? { cookie: `flipside_token=${token}` } : {}) },
  });
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

describe("a page view signed in", () => {
  it("is one render for every viewer, each of whom gets their own vote, notes and name after hydration", async () => {
    const [amy, bob] = [await journey.account("Amysharer"), await journey.account("Bobsharer")];
    const address = "https://shared-view.example.net/story";
    const pageId = (
      await journey.api<{ id: string }>("/v1/site-pages/flip", { method: "POST", body: { url: address } })
    ).data.id;
    const comment = await journey.api<{ id: string }>("/v1/site-page-comments", {
      method: "POST",
      token: bob.token,
      body: { sitePage_id: pageId, body: "Bob's shared words" },
    });
    expect(comment.status).toBe(201);
    const voted = await journey.api("/v1/contribution-votes", {
      method: "POST",
      token: amy.token,
      body: { contributionId: comment.data.id, vote: 1 },
    });
    expect(voted.status, JSON.stringify(voted.data)).toBe(200);
    const noted = await journey.api("/v1/notes", {
      method: "POST",
      token: amy.token,
      body: { sitePage_id: pageId, title: "Amy's private thought" },
    });
    expect(noted.status).toBe(201);

    const first = await view(pagePath(address), amy.token);
    const second = await view(pagePath(address), bob.token);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    for (const html of [first.body, second.body]) {
      expect(html).toContain("shared words");
      expect(html).toContain('data-viewer="pending"');
      for (const personal of [
        "Amy's private thought",
        amy.email,
        bob.email,
        "Amysharer",
        'data-my-vote="1"',
      ]) {
        expect(html).not.toContain(personal);
      }
    }
    // Not the anonymous render: that one offers to log in.
    expect((await view(pagePath(address))).body).toContain('data-testid="header-login"');

    const tab = await journey.tracked();
    await journey.signIn(tab, amy);
    const { page, problems } = tab;
    await journey.visit(page, pagePath(address));
    await page.locator('[data-testid="page-view"][data-viewer="ready"]').waitFor();
    const votes = page.locator(`[data-comment-id="${comment.data.id}"] [data-testid="vote-arrows"]`).first();
    expect(await votes.getAttribute("data-my-vote")).toBe("1");
    expect(await votes.getByTestId("vote-up").getAttribute("aria-pressed")).toBe("true");
    await page.getByTestId("header-profile").waitFor();
    expect(await page.getByTestId("header-viewer-pending").count()).toBe(0);
    await page.getByTestId("tab-my-note").click();
    await page.getByTestId("note").filter({ hasText: "Amy's private thought" }).waitFor();
    // Taking the vote back works from the filled-in state.
    await page.getByTestId("tab-comments").click();
    await votes.getByTestId("vote-up").click();
    await expect.poll(() => votes.getAttribute("data-my-vote")).toBe("0");
    expect(await votes.getByTestId("vote-score").textContent()).toBe("0");
    expect(problems.all()).toEqual([]);

    // A cookie that signs nobody in any more: the shared page settles as signed out.
    const stale = await journey.tracked();
    await stale.page
      .context()
      .addCookies([{ name: "flipside_token", value: "not-a-session", url: journey.server.url }]);
    await journey.visit(stale.page, pagePath(address));
    await stale.page.getByTestId("header-login").waitFor();
    await stale.page.getByTestId("tab-my-note").click();
    await stale.page.getByTestId("notes-signed-out").waitFor();
  });
});
