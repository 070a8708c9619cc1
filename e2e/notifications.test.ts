import { NOTIFICATION_MESSAGES } from "@flipside/contracts/notification-constants";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { pathOf, uniqueEmail, useJourney } from "./fixtures/journey.ts";
import { linkIn } from "./fixtures/mail.ts";

/**
 * Notifications in the web app (issue 13, docs/notifications.md#in-the-web-app): the bell's
 * unread count, the inbox that leads to the very contribution, marking read, and mail preferences.
 */

// Digests from any hour, looked for every second: a digest comes within seconds of its notification.
const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  DIGEST_HOUR_UTC: "0",
  DIGEST_CHECK_INTERVAL_MS: "1000",
});
const { tracked, visit, signIn, flip } = journey;
const suffix = Date.now().toString(36);

async function say(by: { token: string }, pageId: string, body: string, parentId?: string) {
  const res = await journey.api<{ id: string }>("/v1/site-page-comments", {
    method: "POST",
    token: by.token,
    body: { sitePage_id: pageId, body, parent_id: parentId },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.id;
}

async function vote(by: { token: string }, contributionId: string) {
  const res = await journey.api("/v1/contribution-votes", {
    method: "POST",
    token: by.token,
    body: { contributionId, vote: 1 },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
}

describe("notifications", () => {
  it("counts unread on the bell, leads to the reply and marks it read", async () => {
    const ada = await journey.account("Ada Asker", { email: uniqueEmail("ada") });
    const ben = await journey.account("Ben Answer", { email: uniqueEmail("ben") });
    const cy = await journey.account("Cy Voter", { email: uniqueEmail("cy") });
    const pageId = await flip(`https://notify-${suffix}.org/question`);
    const question = await say(ada, pageId, "Does anyone know where this figure comes from?");

    const reader = await tracked();
    const page = reader.page;
    await signIn(reader, ada);
    await visit(page, "/profile/notifications");
    await page.getByTestId("notifications-empty").waitFor();
    expect(await page.getByTestId("header-notifications").getAttribute("aria-label")).toBe("Notifications");

    const reply = await say(ben, pageId, "It is from the 2019 census, table 4.", question);
    await vote(ben, question);
    await vote(cy, question);

    // The bell asks after hydration: a new page shows both (the outbox delivers within a second).
    await expect
      .poll(
        async () => {
          await visit(page, "/trending");
          return page.getByTestId("header-notifications").getAttribute("data-unread");
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe("2");
    expect(await page.getByTestId("header-notifications").getAttribute("aria-label")).toBe(
      "Notifications, 2 unread",
    );

    await page.getByTestId("header-notifications").click();
    await expect.poll(() => pathOf(page)).toBe("/profile/notifications");
    const items = page.getByTestId("notification");
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByTestId("notification-link").allTextContents()).toEqual([
      expect.stringContaining("2 people voted on your comment"),
      expect.stringContaining("Ben Answer replied to you on"),
    ]);
    expect(await page.getByTestId("notifications-unread").textContent()).toBe("2 unread");
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The reply opens the page view on that very reply, highlighted, and is read from then on.
    await items.filter({ hasText: "replied" }).getByTestId("notification-link").click();
    await expect.poll(() => new URL(page.url()).searchParams.get("comment")).toBe(reply);
    await page.locator("[data-shared-target]").filter({ hasText: "2019 census" }).first().waitFor();
    await expect.poll(() => page.getByTestId("header-notifications").getAttribute("data-unread")).toBe("1");

    // Mark all as read: the inbox and the bell agree.
    await visit(page, "/profile/notifications");
    expect(await items.evaluateAll((all) => all.map((n) => n.getAttribute("data-read")))).toEqual([
      "false",
      "true",
    ]);
    await page.getByTestId("notifications-read-all").click();
    await expect
      .poll(() => page.getByTestId("notifications-unread").textContent())
      .toBe(NOTIFICATION_MESSAGES.allRead);
    await expect.poll(() => page.getByTestId("header-notifications").getAttribute("data-unread")).toBe("0");
    await visit(page, "/profile/notifications");
    expect(await items.evaluateAll((all) => all.map((n) => n.getAttribute("data-read")))).toEqual([
      "true",
      "true",
    ]);
  });

  it("saves a mail preference per kind as it is chosen", async () => {
    const dee = await journey.account("Dee Quiet", { email: uniqueEmail("dee") });
    // On a phone: the bell stays in the header, and nothing is wider than the screen.
    const session = await tracked({ viewport: { width: 320, height: 640 } });
    const page = session.page;
    await signIn(session, dee);
    await visit(page, "/profile/notifications");
    expect(await page.getByTestId("header-notifications").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const choice = page.locator('[data-kind="REPLY"] [data-testid="mail-choice"]');
    expect(await choice.inputValue()).toBe("NOW");
    await page.getByLabel("Replies to what you wrote").selectOption("DIGEST");
    await page.getByText(NOTIFICATION_MESSAGES.preferencesSaved).waitFor();
    await visit(page, "/profile/notifications");
    expect(await choice.inputValue()).toBe("DIGEST");
    const saved = await journey.api<{ kind: string; mail: string }[]>("/v1/notification-preferences", {
      token: dee.token,
    });
    expect(saved.data.find((p) => p.kind === "REPLY")?.mail).toBe("DIGEST");
  });

  it("mails a reply at once or in the digest as chosen, and stops a kind with one click", async () => {
    const gil = await journey.account("Gil Mailed", { email: uniqueEmail("gil") });
    const hana = await journey.account("Hana Digest", { email: uniqueEmail("hana") });
    const ivo = await journey.account("Ivo Replies", { email: uniqueEmail("ivo") });
    const res = await journey.api("/v1/notification-preferences", {
      method: "PUT",
      token: hana.token,
      body: { preferences: [{ kind: "REPLY", mail: "DIGEST" }] },
    });
    expect(res.status).toBe(200);
    const pageId = await flip(`https://mailed-${suffix}.org/essay`);
    const gils = await say(gil, pageId, "Gil asks a question.");
    const hanas = await say(hana, pageId, "Hana asks one too.");
    await say(ivo, pageId, "An answer for Gil.", gils);
    await say(ivo, pageId, "An answer for Hana.", hanas);

    // At once: one mail whose subject is the notification's sentence.
    const now = await journey.mail.next(gil.email);
    expect(now.subject).toBe(`Ivo Replies replied to you on “mailed-${suffix}.org/essay”`);
    expect(now.text).toContain("“An answer for Gil.”");
    // In the digest: a mail that lists it.
    const digest = await journey.mail.next(hana.email);
    expect(digest.subject).toBe("Your Flipside digest: 1 new notification");
    expect(digest.text).toContain(`- Ivo Replies replied to you on “mailed-${suffix}.org/essay”`);

    // The mail's link opens a page that asks; one click stops replies by mail.
    const session = await tracked();
    const page = session.page;
    await page.goto(
      linkIn(now, `${journey.server.url}/api/v1/notification-preferences/unsubscribe?token=`).toString(),
    );
    expect(await page.locator("h1").textContent()).toBe("Stop these mails from Flipside");
    await page.getByRole("button", { name: "Stop these mails" }).click();
    await page.getByRole("heading", { name: "You will get no more of these mails" }).waitFor();
    await signIn(session, gil);
    await visit(page, "/profile/notifications");
    expect(await page.getByLabel("Replies to what you wrote").inputValue()).toBe("NEVER");
    expect(await page.getByLabel("Mentions of you").inputValue()).toBe("NOW");
  });

  it("tells a person of an organisation's invitation and lets them join from it", async () => {
    const kim = await journey.account("Kim Owner", { email: uniqueEmail("kim") });
    const lou = await journey.account("Lou Invited", { email: uniqueEmail("lou") });
    const org = await journey.api<{ id: string; name: string }>("/v1/organizations", {
      method: "POST",
      token: kim.token,
      body: { name: `Desk ${suffix}`, slug: `desk-${suffix}` },
    });
    expect(org.status).toBe(201);
    const invited = await journey.api(`/v1/organizations/${org.data.id}/invitations`, {
      method: "POST",
      token: kim.token,
      body: { email: lou.email },
    });
    expect(invited.status).toBe(201);

    const session = await tracked();
    const page = session.page;
    await signIn(session, lou);
    await expect
      .poll(
        async () => {
          await visit(page, "/profile/notifications");
          return page.getByTestId("notification-link").allTextContents();
        },
        { timeout: 10_000, interval: 500 },
      )
      .toEqual([expect.stringContaining(`Kim Owner invited you to join “Desk ${suffix}” as a member`)]);
    await page.getByTestId("notification-link").click();
    await expect.poll(() => pathOf(page)).toBe("/profile/organizations");
    const invitation = page.getByTestId("invitation-for-me");
    expect(await invitation.textContent()).toContain("Kim Owner invited you as member");
    await page.getByRole("button", { name: `Join Desk ${suffix}` }).click();
    await expect.poll(() => pathOf(page)).toBe(`/profile/organizations/${org.data.id}`);
    await page.getByText(`Welcome to Desk ${suffix}`).waitFor();
  });

  it("offers people to mention after an @, by keyboard, and tells the one mentioned", async () => {
    const mia = await journey.account("Mia Mentioned", { email: uniqueEmail("mia") });
    await journey.account("Milo Stranger", { email: uniqueEmail("milo") });
    const noa = await journey.account("Noa Writer", { email: uniqueEmail("noa") });
    const pageId = await flip(`https://mention-${suffix}.org/thread`);
    await say(mia, pageId, "I was here first.");

    const session = await tracked();
    const page = session.page;
    await signIn(session, noa);
    await visit(page, `/?url=mention-${suffix}.org%2Fthread`);
    const textbox = page.getByTestId("composer-body").first();
    await textbox.click();
    // A bare "@" offers the people of this discussion.
    await page.keyboard.type("Thanks @");
    const list = page.getByTestId("mention-suggestions");
    await list.waitFor();
    expect(await list.getByTestId("mention-name").allTextContents()).toEqual(["Mia Mentioned"]);
    // Typing narrows it to names with a word starting so; the arrows move, Escape closes.
    await page.keyboard.type("Mi");
    await expect
      .poll(() => list.getByTestId("mention-name").allTextContents())
      .toEqual(["Mia Mentioned", "Milo Stranger"]);
    expect(await textbox.getAttribute("aria-activedescendant")).toBe(
      await list.getByTestId("mention-suggestion").first().getAttribute("id"),
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await list.getByRole("option", { selected: true }).getByTestId("mention-name").textContent()).toBe(
      "Mia Mentioned",
    );
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "detached" });
    // Closed for this "@"; a new one offers again, and Enter picks the first.
    for (const _ of "@Mi") await page.keyboard.press("Backspace");
    await page.keyboard.type("@Mi");
    await list.waitFor();
    await page.keyboard.press("Enter");
    await list.waitFor({ state: "detached" });
    expect(await textbox.inputValue()).toBe(`Thanks [@Mia Mentioned](/users/${mia.id}) `);
    await page.keyboard.type("for the link.");
    await page.getByTestId("composer-submit").first().click();

    // The comment links to her page, and she hears of it.
    const mention = page.getByTestId("comment-body").getByRole("link", { name: "@Mia Mentioned" });
    await mention.waitFor();
    expect(await mention.getAttribute("href")).toBe(`/users/${mia.id}`);
    await expect
      .poll(
        async () =>
          (await journey.api<{ message: string }[]>("/v1/notifications", { token: mia.token })).data.map(
            (n) => n.message,
          ),
        { timeout: 10_000, interval: 500 },
      )
      .toContain(`Noa Writer mentioned you on “mention-${suffix}.org/thread”`);
  });
});
