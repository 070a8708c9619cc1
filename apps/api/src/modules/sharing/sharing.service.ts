import { randomBytes, randomInt } from "node:crypto";
import {
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type ShareCode,
  type SharedContributionType,
  type ShareTarget,
} from "@flipside/contracts/sharing";
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { contributions, notes, relatedPageLinks, reviews, sitePages } from "../../db/schema/discussion.ts";
import { shareCodes, shareMails } from "../../db/schema/sharing.ts";
import { notFound, tooManyRequests } from "../../lib/errors.ts";
import { emailHash, hasOptedOut, optOut } from "../../lib/mail-opt-outs.ts";
import { type SharedPart, shareMail } from "../../lib/mail-templates/share-mails.ts";
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

/**
 * What is shared: a page, a contribution on it (a comment, reply, review or related page), or a
 * public note about it.
 */
type Target = {
  pageId: string;
  contributionId: string | null;
  noteId: string | null;
  part: SharedPart | null;
};

/** What a request names: exactly one of these ids (its schema sees to that). */
type TargetQuery = {
  sitePage_id?: string | undefined;
  commentId?: string | undefined;
  contributionId?: string | undefined;
  noteId?: string | undefined;
};

const COMMENT_KINDS: readonly SharedContributionType[] = ["COMMENT", "REPLY"];
const ALL_KINDS: readonly SharedContributionType[] = ["COMMENT", "REPLY", "REVIEW", "RELATED_PAGE"];

/**
 * Share links and sharing by mail (docs/sharing.md). A share names what the sharer can read:
 * a page, a live contribution they are shown (not one across a block, not a hidden one, not a
 * link to a hidden page) or a public note they are shown (the same rules).
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
    return { pageId, contributionId: null, noteId: null, part: null };
  }

  /** The other page of a related-page link, seen from `pageId`; none when it was hidden. */
  async function otherPage(linkId: string, pageId: string) {
    const [link] = await db
      .select({ a: relatedPageLinks.pageA, b: relatedPageLinks.pageB })
      .from(relatedPageLinks)
      .where(eq(relatedPageLinks.contributionId, linkId));
    if (!link) return null;
    const [other] = await db
      .select({ title: sitePages.title, url: sitePages.rawUrl, displayUrl: sitePages.displayUrl })
      .from(sitePages)
      .where(and(eq(sitePages.id, link.a === pageId ? link.b : link.a), isNull(sitePages.moderation)));
    return other ? { title: other.title?.trim() || other.displayUrl, url: other.url } : null;
  }

  async function contributionTarget(
    viewer: Viewer | null,
    id: string,
    kinds: readonly SharedContributionType[],
    missing: string,
  ): Promise<Target> {
    const [row] = await db
      .select({
        id: contributions.id,
        kind: contributions.kind,
        pageId: contributions.sitePageId,
        body: contributions.body,
        reviewTitle: reviews.title,
      })
      .from(contributions)
      .innerJoin(sitePages, eq(sitePages.id, contributions.sitePageId))
      .leftJoin(reviews, eq(reviews.contributionId, contributions.id))
      .where(
        and(
          eq(contributions.id, id),
          isNull(sitePages.moderation),
          inArray(contributions.kind, [...kinds]),
          eq(contributions.deleted, false),
          policy.visibleContributions(viewer),
        ),
      );
    if (!row) throw notFound(missing);
    const target = { pageId: row.pageId, contributionId: row.id, noteId: null };
    if (row.kind === "REVIEW") {
      return { ...target, part: { type: "REVIEW", title: row.reviewTitle ?? "", text: row.body } };
    }
    if (row.kind === "RELATED_PAGE") {
      const related = await otherPage(row.id, row.pageId);
      if (!related) throw notFound(missing);
      return { ...target, part: { type: "RELATED_PAGE", text: row.body, related } };
    }
    return { ...target, part: { type: row.kind, text: row.body } };
  }

  /** A PUBLIC note as its author's page shows it to this viewer, on a page that is not hidden. */
  async function noteTarget(viewer: Viewer | null, id: string): Promise<Target> {
    const [row] = await db
      .select({
        id: notes.id,
        pageId: notes.sitePageId,
        title: notes.title,
        body: notes.body,
        author: users.displayName,
      })
      .from(notes)
      .innerJoin(sitePages, eq(sitePages.id, notes.sitePageId))
      .innerJoin(users, eq(users.id, notes.authorId))
      .where(
        and(
          eq(notes.id, id),
          eq(notes.visibility, "PUBLIC"),
          isNull(notes.moderation),
          isNull(sitePages.moderation),
          policy.visiblePublicNotes(viewer),
        ),
      );
    if (!row) throw notFound(SHARE_MESSAGES.noteNotFound);
    return {
      pageId: row.pageId,
      contributionId: null,
      noteId: row.id,
      part: { type: "NOTE", title: row.title, text: row.body, author: row.author },
    };
  }

  function targetOf(viewer: Viewer | null, query: TargetQuery): Promise<Target> {
    if (query.noteId) return noteTarget(viewer, query.noteId);
    if (query.commentId)
      return contributionTarget(viewer, query.commentId, COMMENT_KINDS, SHARE_MESSAGES.commentNotFound);
    if (query.contributionId)
      return contributionTarget(viewer, query.contributionId, ALL_KINDS, SHARE_MESSAGES.contributionNotFound);
    return pageTarget(query.sitePage_id ?? "");
  }

  /** The target's code, made on first use; the same one ever after (two at once: one wins). */
  async function codeOf(target: Target): Promise<string> {
    const { contributionId, noteId } = target;
    const existing = () =>
      db
        .select({ code: shareCodes.code })
        .from(shareCodes)
        .where(
          contributionId
            ? eq(shareCodes.contributionId, contributionId)
            : noteId
              ? eq(shareCodes.noteId, noteId)
              : and(
                  eq(shareCodes.sitePageId, target.pageId),
                  isNull(shareCodes.contributionId),
                  isNull(shareCodes.noteId),
                ),
        );
    const [found] = await existing();
    if (found) return found.code;
    for (let attempt = 0; attempt < 3; attempt++) {
      const [made] = await db
        .insert(shareCodes)
        .values({ code: newShareCode(), sitePageId: target.pageId, contributionId, noteId })
        .onConflictDoNothing()
        .returning({ code: shareCodes.code });
      if (made) return made.code;
      // Another request made this target's code meanwhile (or, once in 10^17, the code was taken).
      const [raced] = await existing();
      if (raced) return raced.code;
    }
    throw new Error("could not make a share code");
  }

  /** How a code names its contribution: `commentId` for comments and replies, as it always did. */
  function sharedPart(contributionId: string | null, kind: SharedContributionType | null) {
    const type = contributionId ? kind : null;
    return {
      commentId: type && COMMENT_KINDS.includes(type) ? contributionId : null,
      contributionId: type ? contributionId : null,
      contributionType: type,
    };
  }

  async function present(code: string): Promise<ShareCode> {
    const [[row], [mailed]] = await Promise.all([
      db
        .select({
          code: shareCodes.code,
          sitePageId: shareCodes.sitePageId,
          contributionId: shareCodes.contributionId,
          noteId: shareCodes.noteId,
          kind: contributions.kind,
          opens: shareCodes.opens,
        })
        .from(shareCodes)
        .leftJoin(contributions, eq(contributions.id, shareCodes.contributionId))
        .where(eq(shareCodes.code, code)),
      db.select({ n: count() }).from(shareMails).where(eq(shareMails.code, code)),
    ]);
    if (!row) throw notFound(SHARE_MESSAGES.codeNotFound);
    return {
      code: row.code,
      path: `/s/${row.code}`,
      sitePage_id: row.sitePageId,
      ...sharedPart(row.contributionId, row.kind),
      noteId: row.noteId,
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
        part: target.part,
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
    code: async (viewer: Viewer | null, query: TargetQuery) =>
      present(await codeOf(await targetOf(viewer, query))),

    /** Where a code leads, counting the open. Unknown codes are 404. */
    async open(code: string): Promise<ShareTarget> {
      const [row] = await db
        .update(shareCodes)
        .set({ opens: sql`${shareCodes.opens} + 1` })
        .where(eq(shareCodes.code, code))
        .returning({
          sitePageId: shareCodes.sitePageId,
          contributionId: shareCodes.contributionId,
          noteId: shareCodes.noteId,
        });
      if (!row) throw notFound(SHARE_MESSAGES.codeNotFound);
      const [page] = await db
        .select({ url: sitePages.rawUrl, kind: contributions.kind, noteAuthorId: notes.authorId })
        .from(sitePages)
        .leftJoin(contributions, eq(contributions.id, sql`${row.contributionId}::uuid`))
        .leftJoin(notes, eq(notes.id, sql`${row.noteId}::uuid`))
        .where(eq(sitePages.id, row.sitePageId));
      if (!page) throw notFound(SHARE_MESSAGES.codeNotFound);
      return {
        code,
        sitePage_id: row.sitePageId,
        url: page.url,
        ...sharedPart(row.contributionId, page.kind),
        note: row.noteId && page.noteAuthorId ? { id: row.noteId, authorId: page.noteAuthorId } : null,
      };
    },

    /** Mails what the input names (a page, a comment, any contribution or a public note). */
    mail: async (
      viewer: Viewer,
      input: TargetQuery & { to: string[]; message?: string | undefined },
      origin: string,
    ) => mail(viewer, await targetOf(viewer, input), input, origin),

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
