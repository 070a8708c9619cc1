import { describe, expect, it } from "vitest";
import { ONE_PIXEL_PNG } from "./fixtures/browser.ts";
import { commentWithPicture, PASSWORD, pagePath, uniqueEmail, useJourney } from "./fixtures/journey.ts";
import { linkIn } from "./fixtures/mail.ts";

/**
 * `npm start` announces http://localhost:PORT; a person may open it at http://127.0.0.1:PORT
 * (issue 19). Here the server is started as `npm start` starts it, without PUBLIC_ORIGIN, and
 * the browser always uses 127.0.0.1.
 */
const journey = useJourney({ PUBLIC_ORIGIN: undefined, PAGE_FETCH_ENABLED: "false" });
const { tracked, visit, api } = journey;

describe("a server reached by another name than the one it announces", () => {
  it("mails links to where the person is, and shows uploaded pictures there", async () => {
    const { page, problems } = await tracked();
    const here = journey.server.url;
    const announced = here.replace("127.0.0.1", "localhost");
    expect(here).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    // The announced origin is localhost: the page's canonical link says so.
    const address = "flipside-names.com/pictures";
    await visit(page, pagePath(address));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      new RegExp(`^${announced}/`),
    );

    // The activation link opens at 127.0.0.1, where the person signed up.
    const email = uniqueEmail("names");
    const registered = await api("/register", {
      method: "POST",
      body: { email, password: PASSWORD, displayName: "Noor" },
    });
    expect(registered.status).toBe(201);
    const activation = linkIn(await journey.mail.next(email), "http://");
    expect(activation.origin).toBe(here);
    await page.goto(activation.href);
    await page.waitForSelector("html[data-hydrated]");
    const validation = page.locator('[data-testid="validate-email"][data-status="activated"]');
    await validation.waitFor();
    await validation.getByRole("button", { name: "Log in" }).click();
    const dialog = page.getByTestId("login-dialog");
    await dialog.getByPlaceholder("Your email").fill(email);
    await dialog.getByPlaceholder("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Login", exact: true }).click();
    await page.getByTestId("header-profile").waitFor();

    // A picture uploaded here is shown here: not blocked by the page's own CSP.
    await visit(page, pagePath(address));
    const image = await commentWithPicture(
      page,
      { name: "dot.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG },
      "Seen from 127.0.0.1.",
    );
    const shown = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode().catch(() => {});
      return { src: img.currentSrc, width: img.naturalWidth };
    });
    expect(shown.src.startsWith(`${here}/api/v1/files/`)).toBe(true);
    expect(shown.width).toBe(1);

    // So is the server's own rendering of the page.
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(problems.all()).toEqual([]);
  });
});
