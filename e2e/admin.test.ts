import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { uniqueEmail, useJourney } from "./fixtures/journey.ts";

/**
 * The admin area (issue 11, docs/admin.md): the admin named in ADMIN_EMAILS finds it from the
 * avatar's menu, makes someone a moderator with a reason, and reads it in the audit log; the
 * moderator gets the area without its roles page; to everyone else every /admin path is the 404
 * page, exactly as a path that does not exist.
 */

const ADMIN_EMAIL = uniqueEmail("ada-admin");
const journey = useJourney({ NODE_ENV: "test", PAGE_FETCH_ENABLED: "false", ADMIN_EMAILS: ADMIN_EMAIL });
const { tracked, visit, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

async function fetchAs(path: string, token?: string) {
  const response = await fetch(`${journey.server.url}${path}`, {
    headers: token ? { cookie: `flipside_token=${token}` } : {},
  });
  return { status: response.status, html: await response.text() };
}

describe("the admin area", () => {
  it("is the 404 page, as any unknown path, to visitors and to people without a role", async () => {
    const plain = await journey.account("Pat Plain", { email: uniqueEmail("pat") });
    const tab = await tracked();
    const { page } = tab;
    const shown = async (path: string) => {
      const answer = await page.goto(`${journey.server.url}${path}`);
      await page.waitForSelector("html[data-hydrated]");
      return {
        status: answer?.status(),
        title: await page.title(),
        text: (await page.innerText("body")).replaceAll(path, "{path}"),
      };
    };
    for (const signedIn of [false, true]) {
      if (signedIn) await signIn(tab, plain);
      const unknown = await shown("/admin-nothing");
      expect(unknown.status).toBe(404);
      for (const path of ["/admin", "/admin/roles", "/admin/audit-log", "/admin/anything"]) {
        // The same page, status and words as a path that does not exist; the area's code is as
        // public as the rest of the app's, what it guards is its data (docs/admin.md).
        expect(await shown(path), path).toEqual(unknown);
        expect((await fetchAs(path, signedIn ? plain.token : undefined)).status).toBe(404);
      }
    }
    const failed = tab.problems.failedRequests.filter((r) => !r.endsWith("(404)"));
    expect(failed).toEqual([]);
    await visit(page, "/");
    await page.getByTestId("header-profile").click();
    await page.getByTestId("profile-menu").getByTestId("settings").waitFor();
    expect(await page.getByTestId("profile-menu").getByTestId("admin").count()).toBe(0);
  });

  it("the configured admin makes someone a moderator with a reason; the audit log says so; the moderator gets the area without roles", async () => {
    const mo = await journey.account("Mo Moderator", { email: uniqueEmail("mo") });
    const ada = await journey.account("Ada Admin", { email: ADMIN_EMAIL });
    const adminTab = await tracked();
    const { page } = adminTab;
    await signIn(adminTab, ada);
    await visit(page, "/");
    await page.getByTestId("header-profile").click();
    await page.getByTestId("profile-menu").getByTestId("admin").click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole("heading", { name: "Admin", level: 1 }).waitFor();
    expect(await page.getByText("You are an admin: you moderate and manage roles.").count()).toBe(1);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Roles" }).click();
    await page.waitForURL(/\/admin\/roles$/);
    await page.getByTestId("accounts-search").fill("Mo Moder");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=Mo\+Moder/);
    const row = page.getByTestId("admin-account").filter({ hasText: mo.email });
    await row.waitFor();
    expect(await page.getByTestId("admin-account").count()).toBe(1);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await row.getByTestId("account-role").selectOption("ROLE_MODERATOR");
    const dialog = page.getByRole("dialog", { name: "Make Mo Moderator moderator?" });
    await dialog.getByTestId("role-reason").fill("Knows the gardening pages well");
    await dialog.getByRole("button", { name: "Give the role" }).click();
    await toastSaying(page, "Mo Moderator is now moderator").waitFor();
    await dialog.waitFor({ state: "detached" });
    expect(await row.getByTestId("account-role").inputValue()).toBe("ROLE_MODERATOR");

    // Their own row cannot take their role away.
    await page.getByTestId("accounts-search").fill("");
    await page.getByTestId("accounts-show").selectOption("admins");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/show=admins/);
    const own = page.getByTestId("admin-account").filter({ hasText: ADMIN_EMAIL });
    expect(await own.getByTestId("account-role-badge").textContent()).toBe("Admin");

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL(/\/admin\/audit-log$/);
    const entries = page.getByTestId("audit-entry");
    await entries.first().waitFor();
    expect(await entries.nth(0).innerText()).toContain(
      "Ada Admin changed the roles of Mo Moderator (no role → Moderator)",
    );
    expect(await entries.nth(0).getByTestId("audit-reason").textContent()).toBe(
      "“Knows the gardening pages well”",
    );
    expect(await entries.nth(1).innerText()).toContain(
      "Configuration (ADMIN_EMAILS) changed the roles of Ada Admin (no role → Admin)",
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(adminTab.problems.all(), JSON.stringify(adminTab.problems)).toEqual([]);

    const moTab = await tracked({ viewport: { width: 375, height: 740 } });
    await signIn(moTab, mo);
    await visit(moTab.page, "/admin");
    expect(await moTab.page.getByText("You are a moderator.").count()).toBe(1);
    const nav = moTab.page.getByRole("navigation", { name: "Admin" });
    expect(await nav.getByRole("link").allInnerTexts()).toEqual(["Overview", "Audit log"]);
    const roles = await fetchAs("/admin/roles", mo.token);
    expect(roles.status).toBe(404);
    expect(roles.html).toContain("Page Not Found: /admin/roles");
    expect(moTab.problems.all()).toEqual([]);
  });
});
