import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Blocks (issue 11, docs/blocks.md): Ann blocks Bob from his public page; on the page view each
 * no longer sees the other's comments, with tab counts that match what each sees, Bob's reply in
 * someone else's thread is a collapsed placeholder for Ann, while anyone else sees the whole page; Ann unblocks him from her settings and his comment is back.
 */

const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

/** The comments a page view shows, and its Comments tab's count. */
async function commentsShown(page: Page) {
  const bodies = await page.getByTestId("comment-body").allInnerTexts();
  const count = await page.getByTestId("tab-comments").innerText();
  return { bodies: bodies.map((b) => b.trim()).sort(), count: Number.parseInt(count, 10) };
}

describe("blocking a person", () => {
  it("each stops seeing the other's comments on the page view, with counts that match; unblocking brings them back", async () => {
    const { api } = journey;
    const ann = await journey.account("Ann Blocker", { email: uniqueEmail("ann") });
    const bob = await journey.account("Bob Blocked", { email: uniqueEmail("bob") });
    const cid = await journey.account("Cid Bystander", { email: uniqueEmail("cid") });
    const address = `https://www.blocked-${Date.now().toString(36)}.org/story`;
    const flipped = await api<{ id: string }>("/v1/site-pages/flip", {
      method: "POST",
      body: { url: address },
    });
    const say = async (who: { token: string }, body: string, parentId?: string) => {
      const res = await api<{ id: string }>("/v1/site-page-comments", {
        method: "POST",
        token: who.token,
        body: { sitePage_id: flipped.data.id, body, parent_id: parentId },
      });
      expect(res.status).toBe(201);
      return res.data.id;
    };
    await say(ann, "Ann thinks so.");
    await say(bob, "Bob disagrees.");
    const question = await say(cid, "Cid has a question.");
    const bobAnswers = await say(bob, "Bob answers Cid.", question);
    await say(cid, "Cid thanks Bob.", bobAnswers);
    const everything = ["Ann thinks so.", "Bob disagrees.", "Cid has a question."];

    const annTab = await tracked();
    await signIn(annTab, ann);
    const annPage = annTab.page;
    await visit(annPage, `/users/${bob.id}`);
    await annPage.getByTestId("block-person").click();
    const dialog = annPage.getByRole("dialog", { name: "Block Bob Blocked?" });
    expect(await dialog.innerText()).toContain("Bob Blocked is not told.");
    expect(await seriousAxeFindings(annPage)).toEqual([]);
    await dialog.getByTestId("block-confirm").click();
    await toastSaying(annPage, "Blocked. You no longer see each other's comments").waitFor();
    await annPage.getByTestId("unblock-person").waitFor();

    await visit(annPage, pagePath(address));
    expect(await commentsShown(annPage)).toEqual({
      bodies: ["Ann thinks so.", "Cid has a question."],
      count: 2,
    });
    // Cid's thread keeps its shape for Ann: Bob's reply is a collapsed placeholder, and Cid's
    // answer to it does not name him.
    await annPage.getByTestId("replies-toggle").filter({ hasText: "2 replies" }).click();
    const replies = annPage.getByTestId("replies");
    await replies.getByTestId("blocked-placeholder").waitFor();
    expect(await replies.getByTestId("reply").allInnerTexts()).toEqual([
      "A reply from someone you blocked",
      expect.stringContaining("Cid thanks Bob."),
    ]);
    expect(await replies.innerText()).not.toContain("Bob Blocked");
    expect(await replies.getByText("Replying to").count()).toBe(0);

    const bobTab = await tracked({ viewport: { width: 375, height: 740 } });
    await signIn(bobTab, bob);
    await visit(bobTab.page, pagePath(address));
    expect(await commentsShown(bobTab.page)).toEqual({
      bodies: ["Bob disagrees.", "Cid has a question."],
      count: 2,
    });
    // Bob is not told: his reply and Cid's answer are there as for anyone.
    await bobTab.page.getByTestId("replies-toggle").filter({ hasText: "2 replies" }).click();
    await bobTab.page.getByTestId("replies").getByText("Replying to @Bob Blocked").waitFor();
    expect(await bobTab.page.getByTestId("blocked-placeholder").count()).toBe(0);
    // Nothing tells Bob: his own settings list nobody.
    await visit(bobTab.page, "/profile/settings");
    await bobTab.page.getByTestId("blocked-people-empty").waitFor();

    const cidTab = await tracked();
    await signIn(cidTab, cid);
    await visit(cidTab.page, pagePath(address));
    expect(await commentsShown(cidTab.page)).toEqual({ bodies: everything, count: 3 });

    await visit(annPage, "/profile/settings");
    const row = annPage.getByTestId("blocked-person").filter({ hasText: "Bob Blocked" });
    await row.waitFor();
    expect(await seriousAxeFindings(annPage)).toEqual([]);
    await row.getByRole("button", { name: "Unblock Bob Blocked" }).click();
    await annPage.getByTestId("blocked-people-empty").waitFor();
    await visit(annPage, pagePath(address));
    expect(await commentsShown(annPage)).toEqual({ bodies: everything, count: 3 });

    for (const tab of [annTab, bobTab, cidTab]) expect(tab.problems.all()).toEqual([]);
  });
});
