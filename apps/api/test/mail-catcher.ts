import type { AddressInfo } from "node:net";
import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: Buffer;
  parsed: Email;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /** The next mail (in arrival order) to this address that was not taken yet. */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random local port (the `smtp-server` package), so tests exercise
 * nodemailer's SMTP delivery end to end; each message is parsed with postal-mime.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const taken = new Set<CaughtMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: parsed.html ?? "",
              raw,
              parsed,
            });
            for (const wake of waiters) wake();
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string) => mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to);
          if (!mail) return false;
          taken.add(mail);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first address in a mail's text that starts with the given origin + path. */
export function linkIn(mail: CaughtMail, prefix: string): URL {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(prefix));
  if (!match) throw new Error(`No link starting with ${prefix} in:\n${mail.text}`);
  return new URL(match);
}
