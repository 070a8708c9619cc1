import { randomBytes, randomInt } from "node:crypto";
import { SHARE_LIMITS, SHARE_MESSAGES, type ShareCode, type ShareTarget } from "@flipside/contracts/sharing";
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, sitePages } from "../../db/schema/discussion.ts";
import { shareCodes, shareMails } from "../../db/schema/sharing.ts";
import { notFound, tooManyRequests } from "../../lib/errors.ts";
import { emailHash, hasOptedOut, optOut } from "../../lib/mail-opt-outs.ts";
import { shareMail } from "../../lib/mail-templates/share-mails.ts";
import type { Mailer } from "../../lib/mailer.ts";
import type { Viewer } from "../../plugins/auth.ts";
import { policy } from "../discussion/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A fresh code: `codeLength` characters drawn from the system's CSPRNG. */
export function newShareCode(): string {
  let code = "";
  for (let i = 0; i < SHARE_LIMITS.codeLength; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

/** What is shared: a page, or a comment or reply on it. */
type Target =
  | { kind: "page"; pageId: string }
  | { kind: "comment"; pageId: string; commentId: string; body: string };

/**
 * Share links and sharing by mail (docs/sharing.md). A share names what the sharer can read:
 * a page, or a live comment they are shown (not one across a block, not a hidden one).
 */
export function createSharingService(deps: { db: Db; mailer: Mailer; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function pageTarget(pageId: string): Promise<Target> {
    // A page moderators hid is not spread further (decision 027).
    const [page] = await db
      .select({ id: sitePages.id })
      .from(sitePages)
      .where(and(eq(sitePages.id, pageId), isNull(sitePages.moderation)));
    if (!page) throw notFound(SHARE_MESSAGES.pageNotFound);
    return { kind: "page", pageId };
  }

  async function commentTarget(viewer: Viewer | null, commentId: string): Promise<Target> {
    const [row] = await db
      .select({ id: contributions.id, pageId: contributions.sitePageId, body: contributions.body })
      .from(contributions)
      .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
      .where(
        and(
          eq(contributions.id, commentId),
          isNull(sitePages.moderation),
          inArray(contributions.kind, ["COMMENT", "REPLY"]),
          eq(contributions.deleted, false),
          policy.visibleContributions(viewer),
        ),
      );
    if (!row) throw notFound(SHARE_MESSAGES.commentNotFound);
    return { kind: "comment", pageId: row.pageId, commentId: row.id, body: row.body };
  }

  /** The target's code, made on first use; the same one ever after (two at once: one wins). */
  async function codeOf(target: Target): Promise<string> {
    const commentId = target.kind === "comment" ? target.commentId : null;
    const existing = () =>
      db
        .select({ code: shareCodes.code })
        .from(shareCodes)
        .where(
          commentId
            ? eq(shareCodes.contributionId, commentId)
            : and(eq(shareCodes.sitePageId, target.pageId), isNull(shareCodes.contributionId)),
        );
    const [found] = await existing();
    if (found) return found.code;
    for (let attempt = 0; attempt < 3; attempt++) {
      const [made] = await db
        .insert(shareCodes)
        .values({ code: newShareCode(), sitePageId: target.pageId, contributionId: commentId })
        .onConflictDoNothing()
        .returning({ code: shareCodes.code });
      if (made) return made.code;
      // Another request made this target's code meanwhile (or, once in 10^17, the code was taken).
      const [raced] = await existing();
      if (raced) return raced.code;
    }
    throw new Error("could not make a share code");
  }

  async function present(code: string): Promise<ShareCode> {
    const [[row], [mailed]] = await Promise.all([
      db
        .select({
          code: shareCodes.code,
          sitePageId: shareCodes.sitePageId,
          commentId: shareCodes.contributionId,
          opens: shareCodes.opens,
        })
        .from(shareCodes)
        .where(eq(shareCodes.code, code)),
      db.select({ n: count() }).from(shareMails).where(eq(shareMails.code, code)),
    ]);
    if (!row) throw notFound(SHARE_MESSAGES.codeNotFound);
    return {
      code: row.code,
      path: `/s/${row.code}`,
      sitePage_id: row.sitePageId,
      commentId: row.commentId,
      opens: row.opens,
      mailed: mailed?.n ?? 0,
    };
  }

  /** Counts the addresses against the sharer's day, holding their row so two shares at once add up. */
  async function countAgainstDay(tx: Db, sharerId: string, addresses: number) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, sharerId)).for("update");
    const [sent] = await tx
      .select({ n: count() })
      .from(shareMails)
      .where(
        and(eq(shareMails.sharerId, sharerId), gt(shareMails.createdAt, new Date(now().getTime() - DAY_MS))),
      );
    if ((sent?.n ?? 0) + addresses > SHARE_LIMITS.addressesPerDay)
      throw tooManyRequests(DAY_MS / 1000, SHARE_MESSAGES.dailyLimit);
  }

  async function mail(
    viewer: Viewer,
    target: Target,
    input: { to: string[]; message?: string | undefined },
    origin: string,
  ): Promise<void> {
    // One mail per address, however it was written.
    const to = [...new Map(input.to.map((address) => [address.toLowerCase(), address])).values()];
    const code = await codeOf(target);
    const [page] = await db
      .select({ title: sitePages.title, url: sitePages.rawUrl, displayUrl: sitePages.displayUrl })
      .from(sitePages)
      .where(eq(sitePages.id, target.pageId));
    if (!page) throw notFound(SHARE_MESSAGES.pageNotFound);
    const sends = await db.transaction(async (tx) => {
      await countAgainstDay(tx, viewer.id, to.length);
      const out: { address: string; token: string }[] = [];
      for (const address of to) {
        const hash = emailHash(address);
        // An address that asked for no more mails gets none; the answer does not say so.
        if (await hasOptedOut(tx, hash)) continue;
        const token = randomBytes(24).toString("base64url");
        await tx
          .insert(shareMails)
          .values({ sharerId: viewer.id, code, recipientHash: hash, unsubscribeToken: token });
        out.push({ address, token });
      }
      return out;
    });
    for (const { address, token } of sends) {
      const unsubscribeUrl = `${origin}/api/v1/site-page-shares/unsubscribe?token=${token}`;
      const content = shareMail({
        sharer: viewer.displayName,
        page: { title: page.title?.trim() || page.displayUrl, url: page.url },
        comment: target.kind === "comment" ? target.body : null,
        message: input.message ?? "",
        link: `${origin}/s/${code}`,
        unsubscribeUrl,
      });
      // Not awaited: the answer does not wait for the SMTP server.
      void deps.mailer.send({
        to: address,
        ...content,
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    }
  }

  async function known(token: string) {
    const [row] = await db
      .select({ hash: shareMails.recipientHash })
      .from(shareMails)
      .where(eq(shareMails.unsubscribeToken, token));
    return row?.hash;
  }

  return {
    async code(
      viewer: Viewer | null,
      query: { sitePage_id?: string | undefined; commentId?: string | undefined },
    ) {
      const target = query.commentId
        ? await commentTarget(viewer, query.commentId)
        : await pageTarget(query.sitePage_id ?? "");
      return present(await codeOf(target));
    },

    /** Where a code leads, counting the open. Unknown codes are 404. */
    async open(code: string): Promise<ShareTarget> {
      const [row] = await db
        .update(shareCodes)
        .set({ opens: sql`${shareCodes.opens} + 1` })
        .where(eq(shareCodes.code, code))
        .returning({ sitePageId: shareCodes.sitePageId, commentId: shareCodes.contributionId });
      if (!row) throw notFound(SHARE_MESSAGES.codeNotFound);
      const [page] = await db
        .select({ url: sitePages.rawUrl })
        .from(sitePages)
        .where(eq(sitePages.id, row.sitePageId));
      if (!page) throw notFound(SHARE_MESSAGES.codeNotFound);
      return { code, sitePage_id: row.sitePageId, url: page.url, commentId: row.commentId };
    },

    mailPage: async (
      viewer: Viewer,
      input: { sitePage_id: string; to: string[]; message?: string | undefined },
      origin: string,
    ) => mail(viewer, await pageTarget(input.sitePage_id), input, origin),

    mailComment: async (
      viewer: Viewer,
      input: { commentId: string; to: string[]; message?: string | undefined },
      origin: string,
    ) => mail(viewer, await commentTarget(viewer, input.commentId), input, origin),

    known,

    /** The one-click unsubscribe (RFC 8058): the address joins the one opt-out list. */
    async unsubscribe(token: string): Promise<boolean> {
      const hash = await known(token);
      if (!hash) return false;
      await optOut(db, hash);
      return true;
    },
  };
}
