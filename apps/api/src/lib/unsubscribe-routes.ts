import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { INVALID_UNSUBSCRIBE_LINK, unsubscribePage } from "./mail-templates/unsubscribe-page.ts";

const Token = z.object({ token: z.string().min(1).max(200) });

/** What the unsubscribe page says before (with its one button) and after; HTML, escaped by the caller. */
export interface UnsubscribeTexts {
  askTitle: string;
  askBody: string;
  button: string;
  doneTitle: string;
  doneBody: string;
}

/** Invitations and shares, which every address may refuse at once (one opt-out list). */
const FROM_USERS: UnsubscribeTexts = {
  askTitle: "Stop mails from Flipside users",
  askBody:
    "<p>Flipside users will no longer be able to invite this address to an organisation or to verify a website, or to share pages with it.</p>",
  button: "Stop invitations and shares",
  doneTitle: "You will get no more invitations or shares",
  doneBody: "<p>Flipside will not send this address another invitation or shared page.</p>",
};

/**
 * The one-click unsubscribe (RFC 8058) of a kind of mail: `GET {path}?token=` is the page the
 * mail's link opens, which asks first (link checkers open links too); `POST` is what mail
 * providers send, a form without a session. Invitations and shares (the default texts) share one
 * opt-out list: an address that opts out gets no invitation or share of any kind.
 */
export function unsubscribeRoutes<K>(
  app: FastifyInstance,
  opts: {
    path: string;
    tags: string[];
    /** What the mails are, for the summaries ("owner invitations"). */
    what: string;
    /** What a known link unsubscribes from, or nothing for a link that is not valid. */
    known(token: string): Promise<K | null | undefined>;
    /** The page's texts for what the link unsubscribes from (the default: invitations and shares). */
    texts?: ((known: K) => UnsubscribeTexts) | undefined;
    unsubscribe(token: string): Promise<boolean>;
  },
): void {
  // Mail providers send `List-Unsubscribe=One-Click` as a form; the token is in the address.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const textsOf = (known: K) => opts.texts?.(known) ?? FROM_USERS;
  const html = (status: number, body: string) => ({ status, body });

  app.get(
    opts.path,
    {
      schema: {
        tags: opts.tags,
        summary: `Unsubscribe from ${opts.what} (the page)`,
        description: "The link in every such mail opens this page, which asks before doing anything.",
        querystring: Token,
        produces: ["text/html"],
      },
    },
    async (request, reply) => {
      const { token } = request.query as z.infer<typeof Token>;
      const known = await opts.known(token);
      const texts = known ? textsOf(known) : null;
      const page = texts
        ? html(
            200,
            unsubscribePage(
              texts.askTitle,
              `${texts.askBody}<form method="post"><button type="submit" style="font:inherit;padding:.5rem 1rem">${texts.button}</button></form>`,
            ),
          )
        : html(404, INVALID_UNSUBSCRIBE_LINK);
      return reply.status(page.status).type("text/html; charset=utf-8").send(page.body);
    },
  );

  app.post(
    opts.path,
    {
      schema: {
        tags: opts.tags,
        summary: `Unsubscribe from ${opts.what}`,
        description: `One-click (RFC 8058): no more ${opts.what} are mailed to the link's address.`,
        querystring: Token,
        produces: ["text/html"],
      },
    },
    async (request, reply) => {
      const { token } = request.query as z.infer<typeof Token>;
      const known = await opts.known(token);
      const page =
        known && (await opts.unsubscribe(token))
          ? html(200, unsubscribePage(textsOf(known).doneTitle, textsOf(known).doneBody))
          : html(404, INVALID_UNSUBSCRIBE_LINK);
      return reply.status(page.status).type("text/html; charset=utf-8").send(page.body);
    },
  );
}
