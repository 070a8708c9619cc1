import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribePage } from "./mail-templates/unsubscribe-page.ts";

const Token = z.object({ token: z.string().min(1).max(200) });

/**
 * The one-click unsubscribe (RFC 8058) of a kind of mail people ask Flipside to send (invitations, shares): `GET {path}?token=` is the
 * page the mail's link opens, which asks first (link checkers open links too); `POST` is what
 * mail providers send, a form without a session. Every kind shares one opt-out list: an address
 * that opts out gets no invitation or share of any kind.
 */
export function unsubscribeRoutes(
  app: FastifyInstance,
  opts: {
    path: string;
    tags: string[];
    /** What the mails invite to, for the summaries ("owner invitations"). */
    what: string;
    known(token: string): Promise<unknown>;
    unsubscribe(token: string): Promise<boolean>;
  },
): void {
  // Mail providers send `List-Unsubscribe=One-Click` as a form; the token is in the address.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const answer = (ok: boolean, title: string, body: string) => ({
    status: ok ? 200 : 404,
    html: ok ? unsubscribePage(title, body) : INVALID_UNSUBSCRIBE_LINK,
  });

  app.get(
    opts.path,
    {
      schema: {
        tags: opts.tags,
        summary: `Unsubscribe from ${opts.what} (the page)`,
        description: "The link in every invitation opens this page, which asks before doing anything.",
        querystring: Token,
        produces: ["text/html"],
      },
    },
    async (request, reply) => {
      const { token } = request.query as z.infer<typeof Token>;
      const { status, html } = answer(
        Boolean(await opts.known(token)),
        "Stop mails from Flipside users",
        `<p>Flipside users will no longer be able to invite this address to an organisation or to verify a website, or to share pages with it.</p><form method="post"><button type="submit" style="font:inherit;padding:.5rem 1rem">Stop invitations and shares</button></form>`,
      );
      return reply.status(status).type("text/html; charset=utf-8").send(html);
    },
  );

  app.post(
    opts.path,
    {
      schema: {
        tags: opts.tags,
        summary: `Unsubscribe from ${opts.what}`,
        description:
          "One-click (RFC 8058): the address gets no further invitations (to any organisation or website) or shares from Flipside users.",
        querystring: Token,
        produces: ["text/html"],
      },
    },
    async (request, reply) => {
      const { token } = request.query as z.infer<typeof Token>;
      const { status, html } = answer(
        await opts.unsubscribe(token),
        "You will get no more invitations or shares",
        "<p>Flipside will not send this address another invitation or shared page.</p>",
      );
      return reply.status(status).type("text/html; charset=utf-8").send(html);
    },
  );
}
