import { PROOF_FILE_PATH } from "@flipside/contracts/website-proof";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { homePageWithMeta, startDnsServer, startSiteServer } from "../apps/api/test/site-servers.ts";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { type Account, pagePath, useJourney } from "./fixtures/journey.ts";

/**
 * Websites and their owners (issue 9, docs/websites.md), against a real DNS server and a real web
 * server on this machine playing the sites. SITE_VERIFICATION_HTTP_PORT (refused in production)
 * points the HTTP checks at the web server and lets them reach loopback.
 */

const dns = await startDnsServer();
const web = await startSiteServer();
afterAll(async () => {
  dns.close();
  await web.close();
});

const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  DNS_SERVERS: dns.address,
  DNS_TIMEOUT_MS: "2000",
  SITE_VERIFICATION_HTTP_PORT: String(web.port),
  // Re-tries come quickly here: the first after a second, then each waits twice as long.
  SITE_VERIFICATION_TICK_MS: "300",
  SITE_RETRY_FIRST_MS: "1000",
});
const { tracked, visit, api, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

let n = 0;
/** A fresh site that resolves to this machine. */
function freshDomain(kind: string): string {
  n += 1;
  const domain = `${kind}-${n}-${Date.now().toString(36)}.com`;
  dns.pointAtLoopback(domain);
  return domain;
}

async function claimInBrowser(page: Page, address: string, domain: string) {
  await visit(page, "/profile/websites/claim");
  await page.getByTestId("claim-address").fill(address);
  await page.getByTestId("claim-submit").click();
  await page.getByTestId("claimed-site").getByText(`You are claiming ${domain}`).waitFor();
}

const statusOf = (page: Page) => page.getByTestId("claim-status").first().getAttribute("data-status");

describe("claiming and verifying a site", () => {
  let owner: Account;

  it("a new user claims three sites and verifies one by each way; failures say what was found", async () => {
    owner = await journey.account("Olga");
    // Far from the server's UTC: dates the server renders must be the ones the browser renders.
    const tab = await tracked({ timezoneId: "Pacific/Auckland" });
    const { page } = tab;
    await signIn(tab, owner);

    await visit(page, "/profile/websites");
    await page.getByText("No websites yet").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByTestId("claim-website").click();
    await page.waitForURL(/\/profile\/websites\/claim$/);
    await page.getByTestId("claim-address").waitFor();

    // 1. DNS: any address on the site claims its registrable domain.
    const dnsSite = freshDomain("dns");
    await claimInBrowser(page, `https://blog.${dnsSite}/2026/hello?x=1`, dnsSite);
    const panel = page.getByTestId("verify-panel");
    const record = (await panel.getByTestId("proof-value").textContent()) ?? "";
    expect(record).toMatch(/^flipside-verification=[0-9a-f]{32}$/);
    await panel.getByTestId("verify-now").click();
    await panel.getByTestId("check-result").getByText(`${dnsSite} has no TXT records.`).waitFor();
    await expect.poll(() => statusOf(page)).toBe("PLANNED");
    expect(await seriousAxeFindings(page)).toEqual([]);
    dns.setTxt(dnsSite, ["v=spf1 -all", record]);
    await panel.getByTestId("verify-now").click();
    await toastSaying(page, `${dnsSite} is verified`).waitFor();
    await expect.poll(() => statusOf(page)).toBe("VERIFIED");

    // 2. The meta tag on the home page: a 403 first, then the tag.
    const metaSite = freshDomain("meta");
    await claimInBrowser(page, metaSite, metaSite);
    await panel.getByTestId("method-META_TAG").check();
    const tag = (await panel.getByTestId("proof-value").textContent()) ?? "";
    const token = /content="([0-9a-f]+)"/.exec(tag)?.[1] ?? "";
    web.set(metaSite, "/", { status: 403, body: "Forbidden" });
    await panel.getByTestId("verify-now").click();
    await panel.getByTestId("check-result").getByText("403").waitFor();
    web.set(metaSite, "/", { status: 200, body: homePageWithMeta(token) });
    await panel.getByTestId("verify-now").click();
    await toastSaying(page, `${metaSite} is verified`).waitFor();

    // 3. The file under /.well-known/: a different token first, then the right one.
    const fileSite = freshDomain("file");
    await claimInBrowser(page, `www.${fileSite}`, fileSite);
    await panel.getByTestId("method-FILE").check();
    const fileToken = (await panel.getByTestId("proof-value").textContent()) ?? "";
    web.set(fileSite, PROOF_FILE_PATH, { status: 200, body: "0123456789abcdef0123456789abcdef" });
    await panel.getByTestId("verify-now").click();
    await panel.getByTestId("check-result").getByText("different token").waitFor();
    web.set(fileSite, PROOF_FILE_PATH, { status: 200, body: `${fileToken}\n` });
    await panel.getByTestId("verify-now").click();
    await toastSaying(page, `${fileSite} is verified`).waitFor();

    // The list shows all three, verified, each with how it was proved.
    await visit(page, "/profile/websites");
    const rows = page.getByTestId("website");
    await expect.poll(() => rows.count()).toBe(3);
    for (const [domain, how] of [
      [dnsSite, "DNS TXT record"],
      [metaSite, "HTML meta tag"],
      [fileSite, "File on the site"],
    ] as const) {
      const row = page.locator(`[data-testid="website"][data-domain="${domain}"]`);
      expect(await row.getByTestId("claim-status").getAttribute("data-status")).toBe("VERIFIED");
      await row.getByText(how).first().waitFor();
    }
    expect(await seriousAxeFindings(page)).toEqual([]);

    // A site's page: what is said on it. Somebody else's, or an unknown one, is the 404 page.
    await page
      .locator(`[data-testid="website"][data-domain="${dnsSite}"]`)
      .getByTestId("website-link")
      .click();
    await page.getByRole("heading", { level: 1, name: dnsSite }).waitFor();
    await page.getByTestId("verified-note").waitFor();
    await page.getByText("Nobody has discussed its pages yet").waitFor();
    expect(tab.problems.all()).toEqual([]);
    const stranger = await tracked();
    await signIn(stranger, await journey.account("Stranger"));
    const response = await stranger.page.goto(`${journey.server.url}/profile/websites/${dnsSite}`);
    expect(response?.status()).toBe(404);
  });

  it("a failed verification is re-tried on its own until the proof is there", async () => {
    const planner = await journey.account("Pat");
    const domain = freshDomain("planned");
    const claim = await api<{ id: string; token: string }>("/v1/site-verifications", {
      method: "POST",
      body: { address: domain },
      token: planner.token,
    });
    const checked = await api<{ status: string }>(`/v1/site-verifications/${claim.data.id}/check`, {
      method: "POST",
      body: { method: "FILE" },
      token: planner.token,
    });
    expect(checked.data.status).toBe("PLANNED");

    const tab = await tracked();
    await signIn(tab, planner);
    await visit(tab.page, `/profile/websites/${domain}`);
    await expect.poll(() => statusOf(tab.page)).toBe("PLANNED");
    await tab.page.getByText("Re-tries until").waitFor();

    // Nobody presses anything: the queue's next try finds the file.
    web.set(domain, PROOF_FILE_PATH, { status: 200, body: claim.data.token });
    const mail = await journey.mail.next(planner.email, 20_000);
    expect(mail.subject).toBe(`${domain} is verified on Flipside`);
    await tab.page.reload();
    await tab.page.waitForSelector("html[data-hydrated]");
    await expect.poll(() => statusOf(tab.page)).toBe("VERIFIED");
  });

  it("the owner's reply is an official response, first and badged; they may answer as themselves", async () => {
    const domain = freshDomain("official");
    const boss = await journey.account("Bea");
    const claim = await api<{ id: string; token: string }>("/v1/site-verifications", {
      method: "POST",
      body: { address: domain },
      token: boss.token,
    });
    dns.setTxt(domain, [`flipside-verification=${claim.data.token}`]);
    const verified = await api<{ status: string }>(`/v1/site-verifications/${claim.data.id}/check`, {
      method: "POST",
      body: { method: "DNS_TXT" },
      token: boss.token,
    });
    expect(verified.data.status).toBe("VERIFIED");

    const critic = await journey.account("Cris");
    const address = `https://${domain}/pricing`;
    const flipped = await api<{ id: string }>("/v1/site-pages/flip", {
      method: "POST",
      body: { url: address },
    });
    await api("/v1/site-page-comments", {
      method: "POST",
      body: { sitePage_id: flipped.data.id, body: "Why did the price double?" },
      token: critic.token,
    });

    const tab = await tracked();
    const { page } = tab;
    await signIn(tab, boss);
    await visit(page, pagePath(address));
    const badge = page.getByTestId("owner-badge");
    await badge.waitFor();
    expect(await badge.getAttribute("href")).toMatch(/^\/users\/[0-9a-f-]{36}$/);
    const composer = page.getByTestId("comment-composer");
    const official = composer.getByTestId("composer-official");
    expect(await official.textContent()).toBe(`Official response for ${domain}`);
    expect(await official.locator("input").isChecked()).toBe(true);
    await composer
      .getByTestId("composer-body")
      .fill("We added storage; the old plan stays for existing customers.");
    await composer.getByTestId("composer-submit").click();
    await page.getByTestId("official-badge").first().waitFor();

    // As themselves: no badge.
    await official.locator("input").uncheck();
    await composer.getByTestId("composer-body").fill("Personally, I liked the old page better.");
    await composer.getByTestId("composer-submit").click();
    await page.getByText("Personally, I liked the old page better.").waitFor();

    // Read by someone else: the official answer is first, badged; the others follow, newest first.
    const reader = await tracked();
    await visit(reader.page, pagePath(address));
    await reader.page.locator('[data-testid="comment"][data-official="true"]').first().waitFor();
    const bodies = await reader.page.getByTestId("comment").allTextContents();
    expect(bodies[0]).toContain("We added storage");
    expect(bodies[0]).toContain("Official response");
    expect(bodies.findIndex((b) => b.includes("Personally"))).toBeLessThan(
      bodies.findIndex((b) => b.includes("Why did the price double?")),
    );
    expect(bodies.filter((b) => b.includes("Official response"))).toHaveLength(1);
    // The critic sees no official voice in their own composer.
    const criticTab = await tracked();
    await signIn(criticTab, critic);
    await visit(criticTab.page, pagePath(address));
    await criticTab.page.getByTestId("composer-body").waitFor();
    expect(await criticTab.page.getByTestId("composer-official").count()).toBe(0);
    expect([...tab.problems.all(), ...reader.problems.all(), ...criticTab.problems.all()]).toEqual([]);
  });
});

describe("inviting a site's owner", () => {
  it("from the page view: a signed-in reader invites the owner; the mail's link opens the claim prefilled", async () => {
    const domain = freshDomain("invite");
    const address = `https://${domain}/about`;
    const anonymous = await tracked();
    await visit(anonymous.page, pagePath(address));
    const claimLink = anonymous.page.getByTestId("claim-site-link");
    expect(await claimLink.textContent()).toBe("Is this your site? Claim it");

    const reader = await journey.account("Rita");
    const tab = await tracked();
    const { page } = tab;
    await signIn(tab, reader);
    await visit(page, pagePath(address));
    await page.getByTestId("menu-button").click();
    await page.locator('[data-testid="main-menu"] [data-testid="owner"]').click();
    const dialog = page.getByTestId("owner-dialog");
    await dialog.getByText(`Do you own ${domain}?`).waitFor();
    const form = dialog.getByTestId("invite-owner-form");
    await form.getByTestId("invite-submit").click();
    await form.getByText("Enter an e-mail address.").waitFor();
    const ownerAddress = `webmaster-${Date.now()}@${domain}`;
    await form.getByTestId("invite-email").fill(ownerAddress);
    await form.getByTestId("invite-message").fill("Your pricing page is being discussed <b>a lot</b>.");
    expect(await seriousAxeFindings(page)).toEqual([]);
    await form.getByTestId("invite-submit").click();
    await toastSaying(page, "If that address can be invited, its owner will get the invitation.").waitFor();
    await dialog.waitFor({ state: "detached" });

    const mail = await journey.mail.next(ownerAddress);
    expect(mail.subject).toBe(`Rita invites you to answer for ${domain} on Flipside`);
    expect(mail.text).toContain("Your pricing page is being discussed <b>a lot</b>.");
    const link = /(http\S+\/profile\/websites\/claim\?address=\S+)/.exec(mail.text)?.[1] ?? "";
    expect(link).toContain(domain);

    // The owner has no account yet: the link asks them to log in, then lands on the claim, prefilled.
    const owner = await journey.account("Wendy");
    const ownerTab = await tracked();
    await signIn(ownerTab, owner);
    await ownerTab.page.goto(link.replace(/^https?:\/\/[^/]+/, journey.server.url));
    await ownerTab.page.waitForSelector("html[data-hydrated]");
    expect(await ownerTab.page.getByTestId("claim-address").inputValue()).toBe(domain);
    expect([...tab.problems.all(), ...ownerTab.problems.all()]).toEqual([]);

    const signedOut = await tracked();
    await signedOut.page.goto(`${journey.server.url}/profile/websites/claim?address=${domain}`);
    await signedOut.page.waitForURL(/\/login\?/);
  });
});
