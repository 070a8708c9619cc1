import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createTransport } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe (RFC 8058) on mails to people without an account. */
  headers?: Record<string, string>;
  /** Files sent with it (an invoice's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /**
   * Hands a mail to the transport in the background. Callers do not await it on a request
   * path (slow SMTP must not slow the answer); it never rejects: failures are logged.
   * Resolves true when the mail was accepted by the transport.
   */
  send(mail: MailMessage): Promise<boolean>;
  /** Resolves once every mail handed over so far was sent or failed (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface MailLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://…; without it mails are written as .eml files. */
  smtpUrl?: string | undefined;
  from: string;
  /** Where .eml files go when there is no SMTP server (DATA_DIR/mail). */
  mailDir: string;
  logger: MailLogger;
  /** Upper bound for one SMTP delivery, so a stuck server cannot pile up work. */
  timeoutMs?: number;
  /**
   * Put a written mail's first link in the log (`npm run dev`: click through activation without
   * opening the file). Never in production: links hold keys, and logs travel further than mail.
   */
  logLinks?: boolean;
}

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];

export function createMailer(opts: MailerOptions): Mailer {
  const timeout = opts.timeoutMs ?? 15_000;
  const smtp = opts.smtpUrl
    ? createTransport(
        {
          url: opts.smtpUrl,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
        },
        { from: opts.from },
      )
    : undefined;
  const stream = smtp
    ? undefined
    : createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from: opts.from });
  const pending = new Set<Promise<boolean>>();

  async function deliver(mail: MailMessage): Promise<boolean> {
    try {
      if (smtp) {
        await smtp.sendMail(mail);
        opts.logger.info({ subject: mail.subject }, "mail sent");
        return true;
      }
      if (!stream) return false;
      const info = await stream.sendMail(mail);
      await mkdir(opts.mailDir, { recursive: true });
      const file = join(
        opts.mailDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const link = opts.logLinks ? { link: firstLink(mail.text) } : {};
      opts.logger.info({ subject: mail.subject, ...link, file }, "mail written (no SMTP_URL configured)");
      return true;
    } catch (err) {
      opts.logger.error({ err, subject: mail.subject }, "mail could not be sent");
      return false;
    }
  }

  async function idle() {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  }

  return {
    send(mail) {
      const p = deliver(mail);
      pending.add(p);
      void p.finally(() => pending.delete(p));
      return p;
    },
    idle,
    async close() {
      await idle();
      smtp?.close();
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates the app with `app.mailer`; on close, waits for mails still being sent. */
export const mailerPlugin = fp(
  async (app: FastifyInstance, opts: Omit<MailerOptions, "logger"> & { mailer?: Mailer }) => {
    const mailer = opts.mailer ?? createMailer({ ...opts, logger: app.log });
    app.decorate("mailer", mailer);
    app.addHook("onClose", () => mailer.close());
  },
  { name: "mailer" },
);
