import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { startDnsServer } from "../apps/api/test/site-servers.ts";
import { seriousAxeFindings } from "./fixtures/browser.ts";
import { PASSWORD, pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";
import { linkIn } from "./fixtures/mail.ts";

/**
 * Organisations (issue 10, docs/organizations.md), as people use them: create one, invite by mail
 * someone without an account, who signs up from the invitation and joins; share a note only the
 * members read; claim a site for the organisation and answer on it officially; hand over
 * ownership; leave.
 */

const dns = await startDnsServer();
afterAll(() => dns.close());

const journey = useJourney({
  NODE_ENV: "test",
  PAGE_FETCH_ENABLED: "false",
  DNS_SERVERS: dns.address,
  DNS_TIMEOUT_MS: "2000",
});
const { tracked, visit, api, signIn } = journey;

const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast], [data-plain-toast]").filter({ hasText: text });

describe("an organisation from creation to handover", () => {
  it("creates, invites by mail, the invitee signs up and joins, notes are shared, the site answers officially, ownership moves, the owner leaves", async () => {
    const olive = await journey.account("Olive");
    const ownerTab = await tracked({ timezoneId: "America/Los_Angeles" });
    const { page } = ownerTab;
    await signIn(ownerTab, olive);

    // 1. Create: the address follows the name.
    await visit(page, "/profile/organizations");
    await page.getByText("No organisations yet").waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.getByTestId("create-organization").click();
    const form = page.getByTestId("organization-form");
    await form.getByTestId("organization-submit").click();
    await form.getByText("Enter the organisation's name").waitFor();
    const slug = `harbour-news-${Date.now().toString(36)}`;
    await form.getByTestId("organization-name").fill("Harbour News");
    expect(await form.getByTestId("organization-slug").inputValue()).toBe("harbour-news");
    await form.getByTestId("organization-slug").fill(slug);
    await form.getByTestId("organization-description").fill("Local news from the harbour.");
    await form.getByTestId("organization-submit").click();
    await page.waitForURL(/\/profile\/organizations\/[0-9a-f-]{36}$/);
    const orgId = page.url().split("/").pop() ?? "";
    expect(await page.getByTestId("my-role").textContent()).toBe("You: Owner");
    expect(await seriousAxeFindings(page)).toEqual([]);

    // 2. Invite someone with no account yet.
    const newcomerEmail = uniqueEmail("nina");
    await page.getByTestId("tab-invitations").click();
    await page.getByTestId("invite-email").fill(newcomerEmail);
    await page.getByTestId("invite-submit").click();
    await toastSaying(page, `Invitation sent to ${newcomerEmail}`).waitFor();
    const invitation = page.getByTestId("invitation").filter({ hasText: newcomerEmail });
    expect(await invitation.getByTestId("invitation-status").textContent()).toBe("Waiting");
    expect(page.url()).toContain("tab=invitations");

    // 3. The mail: one fixed template with the link; the newcomer signs up from it and joins.
    const mail = await journey.mail.next(newcomerEmail.toLowerCase());
    expect(mail.subject).toBe("Join Harbour News on Flipside");
    const link = linkIn(mail, `${journey.server.url}/organizations/invitations/`);
    const ninaTab = await tracked();
    await visit(ninaTab.page, `${link.pathname}`);
    await ninaTab.page.getByRole("heading", { name: "Join Harbour News" }).waitFor();
    expect(await seriousAxeFindings(ninaTab.page)).toEqual([]);
    await ninaTab.page.getByTestId("invitation-signup").click();
    const signup = ninaTab.page.getByTestId("signup-form");
    expect(await signup.getByLabel("Email").inputValue()).toBe(newcomerEmail);
    await signup.getByLabel("Display name").fill("Nina");
    await signup.getByRole("textbox", { name: "Password" }).fill(PASSWORD);
    await signup.getByRole("button", { name: /create/i }).click();
    await ninaTab.page.getByTestId("invitation-accept").click();
    await ninaTab.page.waitForURL(new RegExp(`/profile/organizations/${orgId}$`));
    expect(await ninaTab.page.getByTestId("my-role").textContent()).toBe("You: Member");
    // Members do not manage invitations.
    expect(await ninaTab.page.getByTestId("tab-invitations").count()).toBe(0);
    const nina = await api<{ id: string; activated: boolean }>("/account", {
      token: (await ninaTab.page.context().cookies()).find((c) => c.name === "flipside_token")?.value ?? "",
    });
    expect(nina.data.activated).toBe(true);

    // 4. Olive shares a note with the organisation; Nina reads it on the page, a stranger cannot find it.
    const address = `https://harbour-${Date.now().toString(36)}.com/tides`;
    await visit(page, pagePath(address));
    await page.getByTestId("tab-my-note").click();
    await page.getByTestId("note-new").click();
    const noteForm = page.getByTestId("note-form");
    await noteForm.getByTestId("note-title").fill("Check the tide tables");
    await noteForm.getByTestId("note-visibility").selectOption("ORGANIZATION");
    expect(await noteForm.getByTestId("note-organization").inputValue()).toBe(orgId);
    await noteForm.getByTestId("note-submit").click();
    await page.getByTestId("note").filter({ hasText: "Check the tide tables" }).waitFor();

    await visit(ninaTab.page, pagePath(address));
    await ninaTab.page.getByTestId("tab-my-note").click();
    const shared = ninaTab.page.getByTestId("note").filter({ hasText: "Check the tide tables" });
    await shared.waitFor();
    expect(await shared.getByTestId("note-author").textContent()).toBe("by Olive");
    expect(await shared.getByTestId("note-edit").count()).toBe(0);

    const stranger = await journey.account("Sam");
    const noteId = (await shared.getAttribute("data-note-id")) ?? "";
    for (const query of [
      "",
      `?searchAnd=organizationId==${orgId}`,
      "?searchAnd=visibility==ORGANIZATION",
      `?searchAnd=id==${noteId}`,
    ]) {
      const listed = await api<{ id: string }[]>(`/v1/notes${query}`, { token: stranger.token });
      expect(listed.status).toBe(200);
      expect(listed.data.map((n) => n.id)).not.toContain(noteId);
    }
    expect((await api(`/v1/notes/${noteId}`, { token: stranger.token })).status).toBe(404);

    // 5. Olive claims the site for the organisation and verifies it; Nina answers officially.
    const domain = new URL(address).hostname;
    dns.pointAtLoopback(domain);
    await visit(page, `/profile/organizations/${orgId}?tab=websites`);
    await page.getByTestId("claim-organization-website").click();
    await page.getByRole("heading", { name: "Claim a website for Harbour News" }).waitFor();
    await page.getByTestId("claim-address").fill(address);
    await page.getByTestId("claim-submit").click();
    const record = (await page.getByTestId("proof-value").textContent()) ?? "";
    dns.setTxt(domain, [record]);
    await page.getByTestId("verify-now").click();
    await expect
      .poll(() => page.getByTestId("claim-status").first().getAttribute("data-status"))
      .toBe("VERIFIED");
    await visit(page, `/profile/organizations/${orgId}?tab=websites`);
    await page
      .getByTestId("organization-website")
      .filter({ hasText: domain })
      .getByText("Verified")
      .waitFor();

    await visit(ninaTab.page, pagePath(address));
    const badge = ninaTab.page.getByTestId("owner-badge");
    expect(await badge.getAttribute("href")).toBe(`/profiles/${orgId}`);
    const composer = ninaTab.page.getByTestId("comment-composer");
    expect(await composer.getByTestId("composer-official").textContent()).toBe(
      `Official response for ${domain}`,
    );
    await composer.getByTestId("composer-body").fill("High tide is at six tomorrow.");
    await composer.getByTestId("composer-submit").click();
    await ninaTab.page.getByTestId("official-badge").first().waitFor();

    // A tab of her own, "Newsroom", shows the organisation on any page: its shared note, and what
    // its members wrote — not what a stranger wrote beside them.
    const sams = await api<{ id: string }>("/v1/site-page-comments", {
      method: "POST",
      body: {
        sitePage_id: (
          await api<{ id: string }>("/v1/site-pages/flip", { method: "POST", body: { url: address } })
        ).data.id,
        body: "A stranger's view of the tides.",
      },
      token: stranger.token,
    });
    expect(sams.status).toBe(201);
    await visit(ninaTab.page, pagePath(address));
    await ninaTab.page.getByTestId("tab-tab-plus").click();
    await ninaTab.page.getByTestId("tab-plus-new").click();
    const tabDialog = ninaTab.page.getByTestId("custom-tab-dialog");
    await tabDialog.getByLabel("Name").fill("Newsroom");
    await tabDialog.getByLabel("Members of Harbour News").check();
    await tabDialog.getByRole("button", { name: "Add tab" }).click();
    const newsroom = ninaTab.page.getByTestId("tab-custom");
    await expect.poll(() => newsroom.getAttribute("aria-selected")).toBe("true");
    expect(await ninaTab.page.getByTestId("custom-tab-summary").textContent()).toBe(
      "Comments · by members of Harbour News · newest first",
    );
    const tabNotes = ninaTab.page.getByTestId("custom-tab-notes").getByTestId("note");
    await tabNotes.filter({ hasText: "Check the tide tables" }).waitFor();
    expect(await tabNotes.getByTestId("note-author").textContent()).toBe("by Olive");
    const tabItems = ninaTab.page.getByTestId("custom-tab-item");
    await expect
      .poll(() => tabItems.allTextContents())
      .toEqual([expect.stringContaining("High tide is at six tomorrow.")]);
    expect(await seriousAxeFindings(ninaTab.page)).toEqual([]);

    // The organisation's public page shows its verified site.
    await visit(ninaTab.page, `/profiles/${orgId}`);
    await ninaTab.page.getByTestId("organization-sites").getByText(domain).waitFor();

    // 6. Olive hands ownership to Nina, then leaves (her own tab of the organisation says so after).
    const olivesTab = await api("/v1/custom-tabs", {
      method: "POST",
      body: {
        name: "Harbour",
        filter: { kinds: ["COMMENT"], author: "organization", organizationId: orgId },
      },
      token: olive.token,
    });
    expect(olivesTab.status).toBe(201);
    await visit(page, `/profile/organizations/${orgId}?tab=danger`);
    await page.getByTestId("transfer-to").selectOption({ label: "Nina" });
    await page.getByTestId("transfer-ownership").click();
    await page.getByRole("dialog", { name: "Transfer ownership?" }).getByTestId("confirm-action").click();
    await toastSaying(page, "Ownership transferred").waitFor();
    await page.getByTestId("my-role").getByText("You: Admin").waitFor();
    // The transfer's dialog may still be closing when the next one opens: each is found by its title.
    await page.getByTestId("leave-organization").click();
    await page.getByRole("dialog", { name: "Leave Harbour News?" }).getByTestId("confirm-action").click();
    await page.waitForURL(/\/profile\/organizations$/);
    await page.getByText("No organisations yet").waitFor();
    await visit(page, pagePath(address));
    await page.getByTestId("tab-custom").click();
    await page
      .getByTestId("custom-tab-left")
      .getByText("You are no longer in this tab's organisation")
      .waitFor();
    expect(await page.getByTestId("custom-tab-summary").textContent()).toBe(
      "Comments · by members of an organisation you have left · newest first",
    );

    // 7. With a second organisation, the profile area offers a switcher between them.
    const ninaToken = (await ninaTab.page.context().cookies()).find(
      (c) => c.name === "flipside_token",
    )?.value;
    const second = await api<{ id: string }>("/v1/organizations", {
      method: "POST",
      body: { name: "Tide Watchers", slug: `tide-watchers-${Date.now().toString(36)}` },
      token: ninaToken ?? "",
    });
    expect(second.status).toBe(201);
    await visit(ninaTab.page, `/profile/organizations/${orgId}`);
    expect(await ninaTab.page.getByTestId("organization-switcher").textContent()).toContain("Harbour News");
    await ninaTab.page.getByTestId("organization-switcher").click();
    await ninaTab.page.getByTestId("switch-organization").filter({ hasText: "Tide Watchers" }).click();
    await ninaTab.page.waitForURL(new RegExp(`/profile/organizations/${second.data.id}$`));
    await ninaTab.page.getByRole("heading", { name: "Tide Watchers" }).waitFor();

    for (const tab of [ownerTab, ninaTab]) expect(tab.problems.all()).toEqual([]);
  });
});
