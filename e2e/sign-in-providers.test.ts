import { SIGN_IN_MESSAGES } from "@flipside/contracts/sign-in-providers-constants";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIssuer } from "../apps/api/test/oidc-issuer.ts";
import { PASSWORD, pathOf, uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * Signing in with another provider (issue 12, docs/sign-in-providers.md), in Chromium against a
 * real OpenID Connect issuer (`oidc-provider`) on this machine: sign up with it, sign out, sign in
 * again; a password account links it after proving itself, then unlinks it.
 */

const issuer = await startTestIssuer();
const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  OIDC_ACME_ISSUER: issuer.url,
  OIDC_ACME_CLIENT_ID: issuer.clientId,
  OIDC_ACME_CLIENT_SECRET: issuer.clientSecret,
  OIDC_ACME_LABEL: "Acme ID",
});
const { tracked, visit } = journey;
beforeAll(() => issuer.allowRedirect(`${journey.server.url}/api/sign-in/acme/callback`));
afterAll(() => issuer.close());

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

/** At the issuer's own page: signs in as `login` and waits to be back on Flipside. */
async function atIssuer(page: Page, login: string) {
  await page.waitForURL((url) => url.href.startsWith(issuer.url));
  await page.getByRole("heading", { name: "Sign in to the test issuer" }).waitFor();
  await page.getByLabel("Login").fill(login);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.href.startsWith(journey.server.url));
  await page.waitForSelector("html[data-hydrated]");
}

async function openLogin(page: Page) {
  await visit(page, "/login");
  await page.getByTestId("login-form").waitFor();
}

describe("signing in with another provider", () => {
  it("signs up with the provider, signs out, and signs in again with it", async () => {
    const email = uniqueEmail("olive");
    issuer.people.set("olive", { email, emailVerified: true, name: "Olive Provider" });

    const first = await tracked();
    await visit(first.page, "/signup");
    await first.page.getByTestId("signup-form").getByRole("link", { name: "Continue with Acme ID" }).click();
    await atIssuer(first.page, "olive");
    expect(pathOf(first.page)).toBe("/profile");
    await first.page.getByTestId("header-profile").waitFor();
    await first.page.getByRole("heading", { name: "Olive Provider" }).first().waitFor();

    // Its only way in: the socials page says so instead of offering to unlink it.
    await visit(first.page, "/profile/socials");
    const row = first.page.getByTestId("linked-provider");
    await row.getByText("Acme ID").waitFor();
    await row.getByText(email).waitFor();
    await row.getByText(SIGN_IN_MESSAGES.lastWay).waitFor();
    expect(await row.getByRole("button", { name: "Unlink Acme ID", exact: true }).count()).toBe(0);

    await first.page.getByTestId("menu-button").click();
    await first.page.locator('[data-testid="main-menu"] [data-testid="sign-out"]').click();
    await first.page.getByTestId("header-login").waitFor();
    expect(first.problems.all()).toEqual([]);

    // Another browser: the login dialog's button, the issuer's page, and back signed in.
    const again = await tracked();
    await openLogin(again.page);
    await again.page.getByTestId("login-form").getByRole("link", { name: "Continue with Acme ID" }).click();
    await atIssuer(again.page, "olive");
    expect(pathOf(again.page)).toBe("/");
    await again.page.getByTestId("header-profile").waitFor();
    const account = await again.page.evaluate(async () => (await fetch("/api/account")).json());
    expect(account).toMatchObject({ email, displayName: "Olive Provider", activated: true });
    expect(again.problems.all()).toEqual([]);
  });

  it("links the provider to a password account only after the password, then unlinks it", async () => {
    const pat = await journey.account("Pat", { email: uniqueEmail("pat") });
    issuer.people.set("pat", { email: pat.email, emailVerified: true, name: "Pat Elsewhere" });

    const { page, problems } = await tracked();
    await openLogin(page);
    await page.getByTestId("login-form").getByRole("link", { name: "Continue with Acme ID" }).click();
    await atIssuer(page, "pat");
    // The address is an existing account's: nothing is linked, nobody is signed in yet.
    expect(new URL(page.url()).pathname).toBe("/login/link");
    await page.getByRole("heading", { name: "Link your Acme ID account" }).waitFor();
    await page.getByText(pat.email).waitFor();
    expect(await page.getByTestId("header-profile").count()).toBe(0);

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Link and sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.waitForSelector("html[data-hydrated]");
    await page.getByTestId("header-profile").waitFor();

    await visit(page, "/profile/socials");
    const row = page.getByTestId("linked-provider");
    await row.getByText(pat.email).waitFor();
    await row.getByRole("button", { name: "Unlink Acme ID", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unlink", exact: true }).click();
    await toastSaying(page, "Acme ID is unlinked").waitFor();
    await page.getByText("No provider is linked: you sign in with your password.").waitFor();

    // Linking it again from the profile needs no proof: the person is signed in.
    await page.getByRole("button", { name: "Link Acme ID", exact: true }).click();
    await page.waitForURL(
      (url) => url.pathname === "/profile/socials" && url.searchParams.get("linked") === "acme",
    );
    await page.waitForSelector("html[data-hydrated]");
    await page.getByText("Acme ID is linked: you can sign in with it now.").waitFor();
    await page.getByTestId("linked-provider").getByText(pat.email).waitFor();
    expect(problems.all()).toEqual([]);
  });
});
