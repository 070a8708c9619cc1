import { JOINING_MESSAGES } from "@flipside/contracts/joining-constants";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD, uniqueEmail, useJourney } from "./fixtures/journey.ts";
import { linkIn } from "./fixtures/mail.ts";

/**
 * Joining in a closed beta (issue 12, docs/joining.md): the admin named in ADMIN_EMAILS gets in
 * without a code and mints one; a newcomer types it on /join, signs up through /join/{code}, and
 * the code is refused to the next person; the newcomer, activated, hands on a personal code from
 * their profile and sees who joined with it.
 */

const ADMIN_EMAIL = uniqueEmail("ada-admin");
const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  BETA_GATE: "true",
  ADMIN_EMAILS: ADMIN_EMAIL,
  INVITATION_CODES_PER_ACCOUNT: "2",
});
const { tracked, visit, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

/** Fills the sign-up form on the page and answers once "Check your mail" shows. */
async function signUp(page: Page, email: string, displayName: string) {
  const form = page.getByTestId("signup-form");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Display name").fill(displayName);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
}

async function activate(email: string) {
  const link = linkIn(await journey.mail.next(email), `${journey.server.url}/validate-email?key=`);
  const done = await journey.api("/v1/users/activate", {
    method: "PUT",
    body: { activationKey: link.searchParams.get("key") },
  });
  expect(done.status).toBe(200);
}

let adminSignedUp: Promise<void> | undefined;
/** A tab signed in as the configured admin, who passes the gate: somebody has to mint the first code. */
async function adminTab() {
  adminSignedUp ??= journey.register({ email: ADMIN_EMAIL, displayName: "Ada Admin" });
  await adminSignedUp;
  const tab = await tracked();
  await signIn(tab, { token: await tokenOf(ADMIN_EMAIL) });
  return tab;
}

async function tokenOf(email: string) {
  const login = await journey.api<{ id_token: string }>("/authenticate", {
    method: "POST",
    body: { username: email, password: PASSWORD, rememberMe: false },
  });
  expect(login.status).toBe(200);
  return login.data.id_token;
}

describe("joining a closed beta", () => {
  it("signing up without a code is refused with a way to get one", async () => {
    const { page } = await tracked();
    await visit(page, "/signup");
    const form = page.getByTestId("signup-form");
    await form.getByText("Flipside is in a closed beta: joining needs a code.").waitFor();
    const email = uniqueEmail("nocode");
    await signUp(page, email, "No Code");
    await form.getByText(JOINING_MESSAGES.gateClosed).waitFor();
    expect(await form.getByLabel("Invitation code").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("signup-done").count()).toBe(0);
    await form.getByRole("link", { name: "How to get one" }).click();
    await page.getByTestId("join-closed").waitFor();
  });

  it("an admin mints a code; a newcomer types it on /join and signs up; the next person is told it is used", async () => {
    const admin = (await adminTab()).page;
    await visit(admin, "/admin");
    await admin.getByRole("link", { name: "Invitations" }).first().click();
    await admin.getByRole("heading", { name: "Invitation codes" }).waitFor();
    await admin.getByText("No code has been minted yet: mint some above.").waitFor();
    const mint = admin.getByTestId("mint-codes");
    await mint.getByLabel("What for").fill("Journey test");
    await mint.getByRole("button", { name: "Mint" }).click();
    await toastSaying(admin, "1 code minted").waitFor();
    const row = admin.getByTestId("admin-code").filter({ hasText: "Journey test" });
    await row.waitFor();
    expect(await row.textContent()).toContain("0 of 1 use taken");
    const shown = (await row.locator(".font-mono").textContent()) ?? "";
    expect(shown).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);

    const { page } = await tracked();
    await visit(page, "/join");
    await page.getByText("Flipside shows the other side of any web page").waitFor();
    const entry = page.getByTestId("join-code");
    await entry.getByLabel("Invitation code").fill("nonsense");
    await entry.getByRole("button", { name: "Continue" }).click();
    await entry.getByText(JOINING_MESSAGES.codeMalformed).waitFor();
    // Typed as people type it: lower case, the dash kept.
    await entry.getByLabel("Invitation code").fill(shown.toLowerCase());
    await entry.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(`${journey.server.url}/join/${shown.replace("-", "")}`);
    await page.getByRole("heading", { name: "You are invited to Flipside" }).waitFor();
    const form = page.getByTestId("signup-form");
    expect(await form.getByLabel("Invitation code").inputValue()).toBe(shown.replace("-", ""));
    const email = uniqueEmail("newcomer");
    await signUp(page, email, "Nia Newcomer");
    await page.getByTestId("signup-done").waitFor();
    await activate(email);

    const next = await tracked();
    const answer = await next.page.goto(`${journey.server.url}/join/${shown}`);
    expect(answer?.status()).toBe(200);
    await next.page.waitForSelector("html[data-hydrated]");
    const refused = next.page.getByTestId("join-refused");
    await refused.getByText("This invitation cannot be used").waitFor();
    expect(await refused.textContent()).toContain(JOINING_MESSAGES.codeUsed);
    // The ways in are still offered.
    await refused.getByTestId("join-code").waitFor();

    await admin.reload();
    await admin.waitForSelector("html[data-hydrated]");
    const used = admin.getByTestId("admin-code").filter({ hasText: "Journey test" });
    expect(await used.textContent()).toContain("1 of 1 use taken");
    expect(await used.textContent()).toContain("Used");

    // The newcomer, activated, invites someone with a personal code from the profile.
    const member = await tracked();
    await signIn(member, { token: await tokenOf(email) });
    await visit(member.page, "/profile");
    const invitations = member.page.getByTestId("invitations");
    await invitations.getByText("You have 2 invitation codes left.").waitFor();
    const codes = invitations.getByTestId("invitation-code");
    expect(await codes.count()).toBe(2);
    await member.context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: journey.server.url,
    });
    await codes
      .first()
      .getByRole("button", { name: /Copy the invitation link/ })
      .click();
    await toastSaying(member.page, "Invitation link copied").waitFor();
    const link = await member.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${journey.server.url}/join/[0-9A-Z]{10}$`));

    const friend = await tracked();
    await visit(friend.page, new URL(link).pathname);
    await friend.page.getByText("Nia Newcomer invited you.").waitFor();
    const friendEmail = uniqueEmail("friend");
    await signUp(friend.page, friendEmail, "Fay Friend");
    await friend.page.getByTestId("signup-done").waitFor();

    await member.page.reload();
    await member.page.waitForSelector("html[data-hydrated]");
    await invitations.getByText("You have 1 invitation code left.").waitFor();
    const usedCode = codes.filter({ hasText: "Fay Friend" });
    expect(await usedCode.textContent()).toContain("Used");
    expect(await usedCode.textContent()).not.toContain(friendEmail);
  });

  it("a visitor asks to join; an admin approves; the mailed link opens sign-up, signs in, and works once", async () => {
    const { page } = await tracked();
    await visit(page, "/join");
    const ask = page.getByTestId("join-closed");
    const email = uniqueEmail("waiting");
    await ask.getByRole("button", { name: "Tell me when there is room" }).click();
    await ask.getByText("Enter your email address.").waitFor();
    await ask.getByLabel("Email").fill(email);
    await ask.getByLabel(/What brings you/).fill("I read a lot of recipe sites");
    await ask.getByRole("button", { name: "Tell me when there is room" }).click();
    await page.getByTestId("join-requested").getByText(JOINING_MESSAGES.betaRequested).waitFor();

    const admin = (await adminTab()).page;
    await visit(admin, "/admin");
    await admin.getByRole("link", { name: "Beta requests" }).first().click();
    await admin.getByRole("heading", { name: "Beta requests" }).waitFor();
    const request = admin.getByTestId("beta-request").filter({ hasText: email });
    expect(await request.textContent()).toContain("I read a lot of recipe sites");
    await request.getByRole("button", { name: "Approve" }).click();
    await toastSaying(admin, `Approved: a link was sent to ${email}`).waitFor();
    // The waiting list no longer has it; "Approved" does, with who approved it.
    await request.waitFor({ state: "detached" });
    await admin.getByTestId("beta-show").selectOption("approved");
    await admin.getByRole("button", { name: "Search" }).click();
    const approved = admin.getByTestId("beta-request").filter({ hasText: email });
    await approved.getByText("approved by Ada Admin").waitFor();

    const link = linkIn(await journey.mail.next(email), `${journey.server.url}/beta-user/activate/`);
    await visit(page, link.pathname);
    await page.getByRole("heading", { name: "Welcome to the Flipside beta" }).waitFor();
    const form = page.getByTestId("signup-form");
    expect(await form.getByLabel("Email").inputValue()).toBe(email);
    expect(await form.getByLabel("Email").getAttribute("readonly")).not.toBeNull();
    expect(await form.getByLabel("Invitation code").count()).toBe(0);
    await form.getByLabel("Display name").fill("Wren Waiting");
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${journey.server.url}/`);
    await page.getByTestId("header-profile").waitFor();
    // The link proved the address: activated at once, no banner, no activation mail.
    expect(await page.getByTestId("activation-banner").count()).toBe(0);

    await visit(page, link.pathname);
    await page.getByTestId("beta-link-invalid").getByText(JOINING_MESSAGES.betaLinkInvalid).waitFor();
  });
});
