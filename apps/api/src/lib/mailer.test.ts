import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailCatcher, startMailCatcher } from "../../test/mail-catcher.ts";
import { activationMail, escapeHtml } from "./mail-templates/account-mails.ts";
import { createMailer } from "./mailer.ts";

const logs: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
const logger = {
  info: (obj: object, msg: string) => logs.push({ level: "info", obj: obj as Record<string, unknown>, msg }),
  error: (obj: object, msg: string) =>
    logs.push({ level: "error", obj: obj as Record<string, unknown>, msg }),
};

let dir: string;
let catcher: MailCatcher;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "flipside-mail-"));
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher.close();
  await rm(dir, { recursive: true, force: true });
});

const content = activationMail({
  displayName: "Ada <b>",
  link: "https://flipside.example/validate-email?key=abc_DEF-1",
});

describe("mailer", () => {
  it("delivers over SMTP with a text and an HTML body", async () => {
    const mailer = createMailer({
      smtpUrl: catcher.url,
      from: "Flipside <no-reply@flipside.example>",
      mailDir: dir,
      logger,
    });
    expect(await mailer.send({ to: "ada@example.com", ...content })).toBe(true);
    const mail = await catcher.next("ada@example.com");
    expect(mail.subject).toBe("Activate your Flipside account");
    expect(mail.parsed.from?.address).toBe("no-reply@flipside.example");
    expect(mail.text).toContain("https://flipside.example/validate-email?key=abc_DEF-1");
    expect(mail.html).toContain('href="https://flipside.example/validate-email?key=abc_DEF-1"');
    // User-provided text is escaped in the HTML body.
    expect(mail.html).toContain("Ada &lt;b&gt;");
    expect(mail.html).not.toContain("Ada <b>");
    await mailer.close();
  });

  it("without SMTP_URL writes an .eml file and logs its subject, and its link only when asked (development)", async () => {
    const quiet = createMailer({ from: "x@example.com", mailDir: join(dir, "quiet"), logger });
    void quiet.send({ to: "bob@example.com", ...content });
    await quiet.idle();
    const withoutLink = logs.find((l) => l.msg.startsWith("mail written"));
    expect(withoutLink?.obj).toMatchObject({ subject: "Activate your Flipside account" });
    expect(JSON.stringify(withoutLink?.obj)).not.toContain("key=");
    logs.length = 0;

    const mailer = createMailer({
      from: "Flipside <no-reply@flipside.example>",
      mailDir: join(dir, "mail"),
      logger,
      logLinks: true,
    });
    void mailer.send({ to: "bob@example.com", ...content });
    await mailer.idle();
    const files = await readdir(join(dir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await PostalMime.parse(await readFile(join(dir, "mail", files[0] ?? "")));
    expect(parsed.subject).toBe("Activate your Flipside account");
    expect(parsed.to?.[0]?.address).toBe("bob@example.com");
    expect(parsed.text).toContain("https://flipside.example/validate-email?key=abc_DEF-1");
    const log = logs.find((l) => l.msg.startsWith("mail written"));
    expect(log?.obj).toMatchObject({
      subject: "Activate your Flipside account",
      link: "https://flipside.example/validate-email?key=abc_DEF-1",
    });
  });

  it("a failing SMTP server is logged, never thrown", async () => {
    // A port that refuses connections: bind one, note it, close it.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "x@example.com",
      mailDir: dir,
      logger,
    });
    expect(await mailer.send({ to: "c@example.com", ...content })).toBe(false);
    expect(logs.some((l) => l.level === "error" && l.msg === "mail could not be sent")).toBe(true);
    await mailer.close();
  });

  it("escapes HTML", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
