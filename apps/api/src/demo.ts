import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { type CustomTabFilter, DEFAULT_CUSTOM_TAB_FILTER } from "@flipside/contracts/custom-tab-filter";
import { eq, sql } from "drizzle-orm";
import { openCommandDatabase } from "./command-database.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { users } from "./db/schema/accounts.ts";
import { contributions, sitePages as sitePagesTable, sites } from "./db/schema/discussion.ts";
import { organizationMembers, organizations } from "./db/schema/organizations.ts";
import { siteClaims } from "./db/schema/websites.ts";
import { DEMO_PASSWORD, demoEmail } from "./demo-accounts.ts";
import { seedAdsDemo } from "./demo-ads.ts";
import { seedAdTraffic } from "./demo-ads-traffic.ts";
import { storeAvatar } from "./lib/avatars.ts";
import { hashPassword } from "./lib/passwords.ts";
import { createLimiter } from "./lib/rate-limit.ts";
import { createLocalStorage, type Storage } from "./lib/storage.ts";
import { normalizeUrl } from "./lib/url-normalize.ts";
import { createBillingService } from "./modules/billing/billing.service.ts";
import { createCommentsService } from "./modules/comments/comments.service.ts";
import { createCustomTabsService } from "./modules/custom-tabs/custom-tabs.service.ts";
import {
  createDiscussionCore,
  findOrInsertSite,
  findPageByNormalizedUrl,
  insertPage,
  noPageCache,
  noPageFetch,
} from "./modules/discussion/index.ts";
import { platformAccount, postTransaction, walletAccount } from "./modules/ledger/index.ts";
import { createNotesService } from "./modules/notes/notes.service.ts";
import { createRelatedPagesService } from "./modules/related-pages/related-pages.service.ts";
import { createReviewsService } from "./modules/reviews/reviews.service.ts";
import { createVotesService } from "./modules/votes/votes.service.ts";
import type { Viewer } from "./plugins/auth.ts";

/**
 * `npm run demo`: a living sample for a fresh install (issue 4): a few activated users, a dozen
 * pages across sites, threads with replies and votes, reviews of each sentiment, related pages
 * and notes, advertisers and a month of their ads. Written through the same services as the API,
 * in one transaction (the month of ads after it, as serving writes it), and only once: a second
 * run finds the demo users and leaves everything as it is.
 */

/**
 * The sample people. `avatar` is the two colours of the drawn picture some of them have (an
 * abstract one, made here: nobody's photo); the others show their initials, as new people do.
 */
const PEOPLE = [
  {
    key: "maya",
    displayName: "Maya Chen",
    bio: "Marine biology student. **Octopus** fan; I read the sources so you don't have to.",
    avatar: ["#0ea5e9", "#6366f1"],
  },
  {
    key: "tom",
    displayName: "Tom Becker",
    bio: "Roasts coffee, writes [slowcoffee.blog](https://slowcoffee.blog).",
    avatar: ["#b45309", "#f59e0b"],
  },
  {
    key: "priya",
    displayName: "Priya Nair",
    bio: "Backend engineer; PostgreSQL and HTTP headers.",
    avatar: ["#059669", "#84cc16"],
  },
  { key: "lucas", displayName: "Lucas Martin", bio: "Cycles to work, bakes on weekends.", avatar: null },
  {
    key: "sofia",
    displayName: "Sofia Rossi",
    bio: "Indie game critic. _Short games, long reviews._",
    avatar: ["#db2777", "#f97316"],
  },
  { key: "kenji", displayName: "Kenji Sato", bio: "Gardener and map maker.", avatar: null },
] as const;

type Person = (typeof PEOPLE)[number]["key"];

/** A picture of soft circles in two colours, stored as an upload is (both sizes). */
async function drawAvatar(
  storage: Storage,
  userId: string,
  [from, to]: readonly [string, string],
): Promise<string> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="70" cy="190" r="90" fill="#ffffff" fill-opacity="0.18"/>
    <circle cx="200" cy="60" r="60" fill="#ffffff" fill-opacity="0.25"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return storeAvatar(storage, userId, png, "avatar");
}

const PAGES = [
  {
    url: "https://en.wikipedia.org/wiki/Octopus",
    title: "Octopus - Wikipedia",
    description: "Octopuses are soft-bodied, eight-limbed molluscs of the order Octopoda.",
  },
  {
    url: "https://en.wikipedia.org/wiki/Sourdough",
    title: "Sourdough - Wikipedia",
    description:
      "Sourdough is bread made by the fermentation of dough using wild lactobacillaceae and yeast.",
  },
  {
    url: "https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Content-Security-Policy",
    title: "Content-Security-Policy - HTTP | MDN",
    description:
      "The HTTP Content-Security-Policy response header allows website administrators to control resources the user agent is allowed to load.",
  },
  {
    url: "https://www.postgresql.org/docs/current/indexes-multicolumn.html",
    title: "PostgreSQL: Documentation: Multicolumn Indexes",
    description: "An index can be defined on more than one column of a table.",
  },
  {
    url: "https://github.com/nodejs/node",
    title: "GitHub - nodejs/node: Node.js JavaScript runtime",
    description: "Node.js JavaScript runtime",
  },
  {
    url: "https://slowcoffee.blog/pour-over-guide",
    title: "The only pour-over guide you need",
    description: "Grind size, water temperature and a 3-minute recipe that forgives mistakes.",
  },
  {
    url: "https://slowcoffee.blog/why-fresh-beans-matter",
    title: "Why fresh beans matter (and when they don't)",
    description: "Roast dates, degassing and the myth of the two-week window.",
  },
  {
    url: "https://citycycling.org/routes/riverside-loop",
    title: "Riverside Loop — 18 km, mostly flat",
    description: "A family-friendly loop along the river with two cafés and one nasty bridge.",
  },
  {
    url: "https://greenhouse-notes.net/tomatoes-in-march",
    title: "Starting tomatoes in March",
    description: "Seed trays, heat mats and how not to end up with leggy seedlings.",
  },
  {
    url: "https://indiegamejournal.com/reviews/lantern-keeper",
    title: "Lantern Keeper review: a quiet puzzle game about light",
    description: "A short, gentle puzzle game that overstays its welcome by an hour.",
  },
  {
    url: "https://tinyapartmentkitchen.com/recipes/one-pan-lentils",
    title: "One-pan lentils with lemon and greens",
    description: "Weeknight lentils in 30 minutes, one pan, no soaking.",
  },
  {
    url: "https://openmaps-community.org/blog/mapping-parties",
    title: "How to run a mapping party",
    description: "Invite neighbours, bring snacks, and put your street on the map.",
  },
] as const;

interface Ctx {
  tx: Db;
  viewers: Record<Person, Viewer>;
  pages: string[];
  clock: Date;
}

/** Moves the demo clock on and stamps a contribution with it, so lists look lived in. */
async function stamp(ctx: Ctx, id: string, minutes: number): Promise<void> {
  ctx.clock = new Date(ctx.clock.getTime() + minutes * 60_000);
  await ctx.tx.update(contributions).set({ createdAt: ctx.clock }).where(eq(contributions.id, id));
}

export async function seedDemo(
  db: Db,
  config: Config,
  log: (line: string) => void = console.log,
): Promise<{ created: boolean }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${demoEmail("maya")}`);
  if (existing) {
    log(`Demo data is already there (sign in as ${demoEmail("maya")} / ${DEMO_PASSWORD}).`);
    return { created: false };
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const limiter = createLimiter({ enabled: false });
  const storage = createLocalStorage({ root: config.uploadDir });

  const now = new Date();
  const traffic = await db.transaction(async (tx) => {
    const start = new Date(Date.now() - 12 * 24 * 60 * 60 * 1000);
    const viewers = {} as Record<Person, Viewer>;
    for (const person of PEOPLE) {
      const [row] = await tx
        .insert(users)
        .values({
          email: demoEmail(person.key),
          passwordHash,
          displayName: person.displayName,
          bio: person.bio,
          activated: true,
          createdAt: new Date(start.getTime() - 30 * 24 * 60 * 60 * 1000),
        })
        .returning();
      if (!row) throw new Error("demo user insert returned nothing");
      if (person.avatar) {
        const imageKey = await drawAvatar(storage, row.id, person.avatar);
        await tx.update(users).set({ imageKey }).where(eq(users.id, row.id));
      }
      viewers[person.key] = {
        id: row.id,
        sessionId: "demo",
        email: row.email,
        displayName: row.displayName,
        activated: true,
        roles: row.roles,
        createdAt: row.createdAt,
        hasBlocks: false,
        personalisedAds: false,
      };
    }

    const pages: string[] = [];
    for (const page of PAGES) {
      const n = normalizeUrl(page.url);
      const known = await findPageByNormalizedUrl(tx, n.normalizedUrl);
      if (known) {
        pages.push(known.page.id);
        continue;
      }
      const site = await findOrInsertSite(tx, n.domain);
      const row = await insertPage(tx, {
        siteId: site.id,
        rawUrl: n.displayUrl,
        normalizedUrl: n.normalizedUrl,
        displayUrl: n.displayUrl,
        title: page.title,
        description: page.description,
        faviconUrl: `https://${new URL(page.url).host}/favicon.ico`,
        fetchedAt: new Date(),
      });
      if (!row) throw new Error(`demo page ${page.url} was not created`);
      pages.push(row.id);
    }
    // Tom owns slowcoffee.blog: his answers there are official responses. The site is not real,
    // so its claim says it was verified by the seed and is never re-checked (no next check).
    const [coffeeSite] = await tx.select().from(sites).where(eq(sites.domain, "slowcoffee.blog"));
    if (!coffeeSite) throw new Error("demo site slowcoffee.blog was not created");
    const [coffeeClaim] = await tx
      .insert(siteClaims)
      .values({
        siteId: coffeeSite.id,
        userId: viewers.tom.id,
        token: randomBytes(16).toString("hex"),
        method: "DNS_TXT",
        status: "VERIFIED",
        verifiedAt: start,
        lastCheckedAt: start,
        lastCheckMethod: "DNS_TXT",
        lastCheckOk: true,
        lastCheckMessage:
          "Verified by the demo seed (npm run demo): slowcoffee.blog is a sample site, so Flipside never checks it.",
      })
      .returning();
    await tx
      .update(sites)
      .set({
        ownerKind: "USER",
        ownerId: viewers.tom.id,
        verificationStatus: "VERIFIED",
        claimId: coffeeClaim?.id,
      })
      .where(eq(sites.id, coffeeSite.id));
    // Maya has claimed greenhouse-notes.net and not proved it yet: her websites show a claim
    // waiting for its proof, never checked (the site is not real).
    const [greenhouse] = await tx.select().from(sites).where(eq(sites.domain, "greenhouse-notes.net"));
    if (!greenhouse) throw new Error("demo site greenhouse-notes.net was not created");
    await tx
      .insert(siteClaims)
      .values({ siteId: greenhouse.id, userId: viewers.maya.id, token: randomBytes(16).toString("hex") });

    const ctx: Ctx = { tx, viewers, pages, clock: start };
    // The same core and services as the API, on this transaction; pages are never fetched.
    const core = createDiscussionCore({
      db: tx,
      storage,
      limiter,
      config: { ...config, PAGE_FETCH_ENABLED: false },
      cache: noPageCache,
      fetchQueue: noPageFetch,
    });
    const comments = createCommentsService(core);
    const reviews = createReviewsService(core);
    const votes = createVotesService(core);
    const notes = createNotesService(core);
    const related = createRelatedPagesService(core);

    const page = (i: number) => pages[i] as string;
    const say = async (who: Person, i: number, body: string, parent?: string) => {
      const c = await comments.create(viewers[who], {
        sitePage_id: page(i),
        body,
        ...(parent ? { parent_id: parent } : {}),
      });
      await stamp(ctx, c.id, 37 + body.length);
      return c.id;
    };
    const vote = async (
      who: Person,
      id: string,
      value: 1 | -1,
      kind: "CONTRIBUTION" | "SITE_PAGE" = "CONTRIBUTION",
    ) => votes.vote(viewers[who], { contributionId: id, vote: value, kind });

    // Threads.
    const octo = await say(
      "maya",
      0,
      "Octopuses have **three hearts** and blue blood. Still can't get over it.",
    );
    const octoReply = await say(
      "kenji",
      0,
      "And each arm can taste what it touches. Nature is showing off.",
      octo,
    );
    await say("maya", 0, "Right? The section on camouflage is worth reading twice.", octoReply);
    const octo2 = await say("priya", 0, "The intelligence section could cite more recent studies (2020+).");
    for (const who of ["kenji", "lucas", "sofia", "tom"] as const) await vote(who, octo, 1);
    await vote("maya", octo2, 1);
    await vote("sofia", octo2, -1);

    const bread = await say("lucas", 1, "My starter is 6 years old. Feed it 1:5:5 if your kitchen is warm.");
    await say("tom", 1, "1:5:5 worked for me too. Rye flour makes it much livelier.", bread);
    await say("maya", 1, "Is the history section accurate? Gold-rush San Francisco seems overstated.");
    for (const who of ["maya", "tom", "kenji"] as const) await vote(who, bread, 1);

    const csp = await say(
      "priya",
      2,
      "Use `strict-dynamic` with nonces instead of long host allow-lists:\n\n```\nscript-src 'nonce-abc' 'strict-dynamic'\n```",
    );
    await say("lucas", 2, "Does this break inline event handlers? Asking for a legacy app.", csp);
    await say("priya", 2, "Yes, `onclick=` attributes stop working. That is the point.", csp);
    for (const who of ["lucas", "sofia", "kenji", "maya", "tom"] as const) await vote(who, csp, 1);

    const pgIdx = await say(
      "priya",
      3,
      "Column order matters: equality columns first, then the range or sort column.",
    );
    await say("kenji", 3, "This page finally made composite indexes click for me.");
    for (const who of ["kenji", "lucas"] as const) await vote(who, pgIdx, 1);

    await say("sofia", 4, "The contributing guide is excellent for first-timers.");

    const pour = await say("lucas", 5, "What grind size for a V60? Mine always drains too slowly.");
    await say(
      "tom",
      5,
      "Go coarser, like sea salt, and pour in three stages. Drawdown should end by 3:00.",
      pour,
    );
    await say("maya", 5, "The 3-minute recipe is great; my mornings are better for it.");
    await vote("maya", pour, 1);

    await say("kenji", 6, "I buy beans roasted within the month and freeze half. No complaints.");
    await say("lucas", 7, "The bridge at km 12 has a steep ramp. Fine on a road bike, tough with a trailer.");
    await say("maya", 7, "Did it last Sunday with kids: 2 hours with the café stop.");
    await say("kenji", 8, "Heat mat plus a fan on low = no leggy seedlings. Works every year.");
    const game = await say(
      "sofia",
      9,
      "Fair review. The last act drags, but the lighting puzzles are lovely.",
    );
    await vote("lucas", game, 1);
    await say("tom", 10, "Added a spoon of miso at the end. Highly recommended.");
    await say("kenji", 11, "We ran one at our library: 14 people, 300 buildings mapped in an afternoon.");

    // A page vote or two.
    for (const who of ["maya", "kenji", "lucas"] as const) await vote(who, page(0), 1, "SITE_PAGE");
    await vote("sofia", page(9), 1, "SITE_PAGE");

    // Reviews of each sentiment.
    const review = async (
      who: Person,
      i: number,
      sentiment: "POSITIVE" | "NEGATIVE" | "EXPERT",
      title: string,
      body: string,
      expertise?: string,
    ) => {
      const { review: r } = await reviews.upsert(viewers[who], {
        sitePage_id: page(i),
        sentiment,
        title,
        body,
        ...(expertise ? { expertise } : {}),
      });
      await stamp(ctx, r.id, 45);
      return r.id;
    };
    const r1 = await review(
      "maya",
      0,
      "EXPERT",
      "Accurate and well sourced",
      "The anatomy section matches current textbooks.",
      "Marine biology (MSc student)",
    );
    await review("kenji", 0, "POSITIVE", "Fascinating read", "Lost an hour here. Great photos.");
    await review(
      "priya",
      2,
      "EXPERT",
      "The reference I send people",
      "Complete, with browser support notes.",
      "Web security engineer",
    );
    await review("lucas", 5, "POSITIVE", "Fixed my coffee", "Clear steps, no snobbery.");
    await review(
      "sofia",
      6,
      "NEGATIVE",
      "Mostly marketing",
      "Interesting, but it ends with a sales pitch for a subscription.",
    );
    await review("sofia", 9, "POSITIVE", "Fair and thoughtful", "Agree with almost all of it.");
    await review(
      "kenji",
      9,
      "NEGATIVE",
      "Too generous",
      "The game is two hours of content stretched to five.",
    );
    await review("maya", 10, "POSITIVE", "Weeknight staple", "Made it three times this month.");
    await vote("kenji", r1, 1);
    await vote("priya", r1, 1);

    // Related pages (one undirected pair each).
    const link = async (who: Person, from: number, url: string, reason: string) => {
      const r = await related.create(viewers[who], { sitePage_id: page(from), url, reason });
      await stamp(ctx, r.id, 20);
      return r.id;
    };
    const l1 = await link("lucas", 1, PAGES[10].url, "Another good use for a sourdough discard evening.");
    await link("tom", 5, PAGES[6].url, "Fresh beans make the biggest difference to pour-over.");
    await link("priya", 3, PAGES[4].url, "Node's own PostgreSQL drivers lean on these indexes.");
    await link("kenji", 11, PAGES[7].url, "Our mapping party added this cycle route.");
    await link("maya", 0, "https://en.wikipedia.org/wiki/Cephalopod_intelligence", "More on how they think.");
    // A page created by a link is read by the server in the background; the demo knows its title.
    await tx
      .update(sitePagesTable)
      .set({ title: "Cephalopod intelligence - Wikipedia", fetchedAt: new Date() })
      .where(eq(sitePagesTable.normalizedUrl, "en.wikipedia.org/wiki/Cephalopod_intelligence"));
    await vote("maya", l1, 1);

    // Notes.
    await notes.create(viewers.maya, {
      sitePage_id: page(0),
      title: "Thesis reading",
      body: "Check the *camouflage* references for chapter 2.",
      pinned: true,
      visibility: "PRIVATE",
    });
    await notes.create(viewers.maya, {
      sitePage_id: page(10),
      title: "Shopping list",
      body: "- red lentils\n- lemon\n- spinach",
      pinned: false,
      visibility: "PUBLIC",
    });
    // Public notes show on their authors' public pages.
    await notes.create(viewers.priya, {
      sitePage_id: page(2),
      title: "CSP checklist",
      body: "Start with `default-src 'self'`, add nonces for inline scripts, then report-only for a week.",
      pinned: true,
      visibility: "PUBLIC",
    });
    await notes.create(viewers.tom, {
      sitePage_id: page(5),
      title: "Grind sizes I use",
      body: "- V60: medium-fine\n- Chemex: medium-coarse",
      pinned: true,
      visibility: "PUBLIC",
    });

    // An organisation with three members who share notes (docs/organizations.md): Maya owns it,
    // Kenji is an admin, Sofia a member; the owner and the admin show on its public page.
    const [growers] = await tx
      .insert(organizations)
      .values({
        name: "Greenhouse Growers",
        slug: "greenhouse-growers",
        description: "Neighbours who grow vegetables under glass and compare notes on what works.",
        website: "https://greenhouse-notes.net",
      })
      .returning({ id: organizations.id });
    if (!growers) throw new Error("demo organisation was not created");
    await tx.insert(organizationMembers).values([
      { organizationId: growers.id, userId: viewers.maya.id, role: "OWNER", showOnProfile: true },
      { organizationId: growers.id, userId: viewers.kenji.id, role: "ADMIN", showOnProfile: true },
      { organizationId: growers.id, userId: viewers.sofia.id, role: "MEMBER" },
    ]);
    const greenhousePage = page(PAGES.findIndex((p) => p.url.includes("greenhouse-notes.net")));
    await notes.create(viewers.maya, {
      sitePage_id: greenhousePage,
      title: "Try this in bed 3",
      body: "Sow in **early March** under fleece; compare with last year's yield.",
      pinned: true,
      visibility: "ORGANIZATION",
      organizationId: growers.id,
    });
    await notes.create(viewers.kenji, {
      sitePage_id: greenhousePage,
      title: "Seed order",
      body: "- San Marzano\n- Sungold\n- Black Krim",
      pinned: false,
      visibility: "ORGANIZATION",
      organizationId: growers.id,
    });

    // Wallets with some history (docs/money.md): credits from the operator, and Maya funding her
    // organisation's wallet. Real ledger transactions, as an admin's credit and a transfer make.
    const currency = config.MONEY_CURRENCY;
    const operatorCredits = await platformAccount(tx, "OPERATOR_CREDITS", currency);
    const credit = async (who: Person, amount: number) => {
      const wallet = await walletAccount(tx, { kind: "USER", id: viewers[who].id }, currency);
      await postTransaction(tx, {
        kind: "OPERATOR_CREDIT",
        currency,
        description: "Credit from Flipside",
        memo: "Demo data (npm run demo)",
        postings: [
          { accountId: operatorCredits.id, amount: -amount },
          { accountId: wallet.id, amount },
        ],
      });
      return wallet;
    };
    const mayaWallet = await credit("maya", 6000);
    await credit("maya", 1500);
    await credit("tom", 20000);
    const growersWallet = await walletAccount(tx, { kind: "ORGANIZATION", id: growers.id }, currency);
    await postTransaction(tx, {
      kind: "TRANSFER",
      currency,
      description: `Transfer from ${viewers.maya.displayName} to Greenhouse Growers`,
      actorId: viewers.maya.id,
      postings: [
        { accountId: mayaWallet.id, amount: -2500 },
        { accountId: growersWallet.id, amount: 2500 },
      ],
    });

    // Tom's slowcoffee.blog is on Business (docs/money.md#plans), bought from his wallet as the
    // checkout does, with its invoice; its notice shows above the discussion of each of its pages.
    const billing = createBillingService({ db: tx, config, now: () => start });
    await billing.saveDetails(viewers.tom, {
      organizationId: null,
      name: "Slow Coffee Blog",
      address: "Koffiestraat 12\n1012 AB Amsterdam",
      country: "NL",
      taxId: "",
    });
    await billing.checkout(tx, viewers.tom, "slowcoffee.blog", "BUSINESS");
    await tx
      .update(sites)
      .set({
        notice: "New here? Start with the brew guides; I answer questions on every post within a day.",
        noticeUpdatedAt: start,
      })
      .where(eq(sites.id, coffeeSite.id));

    // Custom tabs: a saved filter each, shown on every page they open.
    const tabs = createCustomTabsService(core);
    const tab = (who: Person, name: string, filter: Partial<CustomTabFilter>) =>
      tabs.create(viewers[who].id, { name, filter: { ...DEFAULT_CUSTOM_TAB_FILTER, ...filter } });
    await tab("maya", "Expert reviews", { kinds: ["REVIEW"], sentiments: ["EXPERT"] });
    await tab("maya", "Top comments", { kinds: ["COMMENT"], minScore: 1, sort: "top" });
    await tab("tom", "Mine", { author: "me" });

    const ads = await seedAdsDemo(tx, {
      config,
      storage,
      tom: viewers.tom,
      maya: viewers.maya,
      growersId: growers.id,
      now,
    });
    return {
      running: ads.running,
      pages: PAGES.flatMap((page, i) => {
        const n = normalizeUrl(page.url);
        const id = pages[i];
        return id
          ? [{ normalizedUrl: n.normalizedUrl, host: n.host, sitePageId: id, title: page.title }]
          : [];
      }),
      userIds: Object.values(viewers).map((v) => v.id),
    };
  });
  // After the people and campaigns are committed: a month of serving, one event per transaction
  // as serving writes them (thousands of savepoints in one transaction would slow every read of
  // it down); interrupted, the demo keeps the weeks written, each consistent with the ledger.
  const served = await seedAdTraffic(db, { config, storage, now, ...traffic });
  log(
    `Demo data added: ${PEOPLE.length} users, ${PAGES.length} pages, the organisation Greenhouse Growers, two advertisers with campaigns in /ads and four weeks of their ads (${served.impressions} impressions, ${served.clicks} clicks, ${served.conversions} conversions). Sign in as ${demoEmail("maya")} (or tom, priya, lucas, sofia, kenji) with the password ${DEMO_PASSWORD}`,
  );
  return { created: true };
}

async function main(): Promise<void> {
  const { config, database } = await openCommandDatabase("Cannot add demo data while the server is running:");
  try {
    await seedDemo(database.db, config);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
