// Seeds the bench data straight into the database (no API calls): one page with 10,000
// comments from 50 authors, 50 other pages on other sites with 60 comments each, some of
// them voted on and annotated by the signed-in readers (so their overlays have something to do),
// and 5,000 pages on 500 sites with a few comments each over 40 days (the rankings' windows).
import { eq, ne, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { sitePages } from "../apps/api/src/db/schema/discussion.ts";
import { hashPassword } from "../apps/api/src/lib/passwords.ts";
import { normalizeUrl } from "../apps/api/src/lib/url-normalize.ts";

/** Accounts of the bench with a real password (one hash shared), to measure signed-in paths. */
export const BENCH_READERS = Array.from({ length: 10 }, (_, i) => ({
  email: `reader${i + 1}@example.com`,
  password: "Bench-reader-9",
}));

/** A reader who blocked one of the authors: rankings are computed for them on every request. */
export const BENCH_BLOCKER = { email: "blocker@example.com", password: "Bench-reader-9" };

export interface Seeded {
  pageId: string;
  pageUrl: string;
  /** The pages the rotating scenarios go round: id and address. */
  rotation: { id: string; url: string }[];
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

export async function seedBench(opts: { dataDir: string; databaseUrl?: string }): Promise<Seeded> {
  let databaseUrl: string | undefined;
  let cleanup = async () => {};
  if (opts.databaseUrl) {
    // A database of its own on the server, dropped afterwards.
    const name = `flipside_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: opts.databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(opts.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const database = await openDatabase(
    databaseUrl ? { kind: "postgres", url: databaseUrl } : { kind: "pglite", dataDir: opts.dataDir },
  );
  const { db } = database;
  const pageUrl = "https://news.example.com/2026/11/the-bench-article";
  await db.execute(sql`
    insert into users (id, email, password_hash, display_name, activated)
    select gen_random_uuid(), 'bench' || i || '@example.com', 'x', 'Bench user ' || i, true
    from generate_series(1, 50) i`);
  const readerHash = await hashPassword(BENCH_READERS[0]?.password ?? "");
  await db.execute(sql`
    insert into users (id, email, password_hash, display_name, activated)
    select gen_random_uuid(), 'reader' || i || '@example.com', ${readerHash}, 'Bench reader ' || i, true
    from generate_series(1, ${BENCH_READERS.length}) i`);
  await db.execute(sql`
    insert into users (id, email, password_hash, display_name, activated)
    values (gen_random_uuid(), ${BENCH_BLOCKER.email}, ${readerHash}, 'Bench blocker', true)`);
  await db.execute(sql`
    insert into profile_blocks (blocker_id, blocked_id)
    select b.id, a.id from users b, users a where b.email = ${BENCH_BLOCKER.email} and a.email = 'bench1@example.com'`);
  await db.execute(sql`
    insert into sites (id, domain) values (gen_random_uuid(), 'example.com')`);
  await db.execute(sql`
    insert into site_pages (id, site_id, raw_url, normalized_url, display_url, title)
    select gen_random_uuid(), (select id from sites where domain = 'example.com'),
      ${pageUrl}, ${normalizeUrl(pageUrl).normalizedUrl}, ${pageUrl}, 'The bench article'`);
  // Addresses are normalised exactly as the API does, or a page view would not find its page.
  const others = Array.from(
    { length: 50 },
    (_, i) => `https://site${i + 1}.example.org/articles/${i + 1}-a-story`,
  );
  await db.execute(sql`insert into sites (id, domain) values (gen_random_uuid(), 'example.org')`);
  for (const raw of others) {
    const n = normalizeUrl(raw);
    await db.execute(sql`
      insert into site_pages (id, site_id, raw_url, normalized_url, display_url, title)
      values (gen_random_uuid(), (select id from sites where domain = ${n.domain}),
        ${raw}, ${n.normalizedUrl}, ${n.displayUrl}, ${`Story ${raw.slice(-10)} on ${n.host}`})`);
  }
  const [page] = await db
    .select({ id: sitePages.id })
    .from(sitePages)
    .where(eq(sitePages.normalizedUrl, normalizeUrl(pageUrl).normalizedUrl));
  const pageId = page?.id;
  if (!pageId) throw new Error("bench page was not created");
  await db.execute(sql`
    with authors as (select id, row_number() over () as n from users)
    insert into contributions (id, kind, site_page_id, author_id, body, up_count, down_count, created_at)
    select gen_random_uuid(), 'COMMENT', ${pageId}, a.id,
      'Comment number ' || i || ': a *considered* opinion about this article, with some **markdown** and a [link](https://example.com/' || i || ').',
      i % 7, i % 3, now() - (i || ' seconds')::interval
    from generate_series(1, 10000) i join authors a on a.n = 1 + (i % 50)`);
  await db.execute(sql`update site_pages set comment_count = 10000 where id = ${pageId}`);
  // The rotation: every other page gets 60 comments, a vote from each reader on a few of them
  // and a note of every reader.
  await db.execute(sql`
    with authors as (select id, row_number() over () as n from users where email like 'bench%'),
         pages as (select id from site_pages where id <> ${pageId})
    insert into contributions (id, kind, site_page_id, author_id, body, up_count, down_count, created_at)
    select gen_random_uuid(), 'COMMENT', p.id, a.id,
      'Comment ' || i || ' on this page: *markdown*, **bold** and a [link](https://example.com/' || i || ').',
      i % 5, i % 2, now() - (i || ' minutes')::interval
    from pages p cross join generate_series(1, 60) i join authors a on a.n = 1 + (i % 50)`);
  await db.execute(sql`
    update site_pages p set comment_count = (select count(*) from contributions c where c.site_page_id = p.id)
    where p.id <> ${pageId}`);
  await db.execute(sql`
    insert into votes (profile_id, target_kind, target_id, value)
    select u.id, 'CONTRIBUTION', c.id, 1
    from users u join contributions c on c.site_page_id <> ${pageId} and c.body like 'Comment 1_ %'
    where u.email like 'reader%'`);
  await db.execute(sql`
    insert into notes (id, author_id, site_page_id, title, body)
    select gen_random_uuid(), u.id, p.id, 'My note', 'Read this again later.'
    from users u cross join site_pages p
    where u.email like 'reader%' and p.id <> ${pageId}`);
  const rotation = await db
    .select({ id: sitePages.id, url: sitePages.rawUrl })
    .from(sitePages)
    .where(ne(sitePages.id, pageId))
    .orderBy(sitePages.rawUrl);
  // Discovery's rankings read a window of activity across many pages: 5,000 more pages on 500
  // sites, each with 1–8 comments spread over the last 40 days (not in the rotation).
  await db.execute(sql`
    insert into sites (id, domain)
    select gen_random_uuid(), 'spread-' || s || '.com' from generate_series(1, 500) s`);
  await db.execute(sql`
    insert into site_pages (id, site_id, raw_url, normalized_url, display_url, title)
    select gen_random_uuid(), st.id, 'https://' || st.domain || '/p' || i, st.domain || '/p' || i,
      'https://' || st.domain || '/p' || i, 'Spread page ' || i || ' of ' || st.domain
    from sites st cross join generate_series(1, 10) i where st.domain like 'spread-%'`);
  await db.execute(sql`
    with authors as (select id, row_number() over () as n from users where email like 'bench%'),
         spread as (select id, row_number() over () as n from site_pages where normalized_url like 'spread-%')
    insert into contributions (id, kind, site_page_id, author_id, body, created_at)
    select gen_random_uuid(), 'COMMENT', p.id, a.id, 'Spread comment ' || j,
      now() - ((p.n * 7 + j * 13) % (40 * 24) || ' hours')::interval
    from spread p cross join generate_series(1, 8) j join authors a on a.n = 1 + ((p.n + j) % 50)
    where j <= 1 + p.n % 8`);
  await db.execute(sql`
    update site_pages p set comment_count = (select count(*) from contributions c where c.site_page_id = p.id)
    where p.normalized_url like 'spread-%'`);
  // The seed is history, not activity: nobody is to be notified of it, and a server starting on it
  // must not spend its first minutes handling its tens of thousands of events (the outbox's triggers).
  await seedAds(db);
  await db.execute(sql`update outbox_events set processed_at = now() where processed_at is null`);
  await db.execute(sql`analyze`);
  await database.close();
  return { pageId, pageUrl, rotation, ...(databaseUrl ? { databaseUrl } : {}), cleanup };
}

/**
 * Advertising as a page view meets it: 20 advertisers (the first bench users), each with two
 * running campaigns and an approved creative — half of them only on some of the rotation's sites
 * (an INCLUDE filter list), a third capped per reader (so each lookup reads the reader's recent
 * impressions), CPM and CPC. Reserves are set straight on the campaigns: the bench looks ads up,
 * it does not bill them.
 */
async function seedAds(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  await db.execute(sql`
    insert into ad_accounts (id, owner_kind, owner_key, user_id, name, timezone, currency)
    select gen_random_uuid(), 'USER', 'user:' || u.id, u.id, 'Advertiser ' || u.n, 'UTC', 'EUR'
    from (select id, row_number() over (order by email) as n from users where email like 'bench%') u
    where u.n <= 20`);
  await db.execute(sql`
    insert into ad_creatives (id, ad_account_id, name, headline, body, destination_url, display_domain, review_status, reviewed_at)
    select gen_random_uuid(), a.id, 'Creative', 'An offer from ' || a.name, 'Good things, fairly priced.',
      'https://shop.example.net/' || a.id, 'example.net', 'APPROVED', now()
    from ad_accounts a`);
  await db.execute(sql`
    insert into ad_filter_lists (id, ad_account_id, name, mode, rules)
    select gen_random_uuid(), a.id, 'Some sites', 'INCLUDE',
      jsonb_build_array(
        jsonb_build_object('type', 'DOMAIN', 'value', 'site' || (row_number() over (order by a.id)) || '.example.org'),
        jsonb_build_object('type', 'DOMAIN', 'value', 'site' || (row_number() over (order by a.id) + 20) || '.example.org'))
    from ad_accounts a`);
  await db.execute(sql`
    insert into ad_campaigns (id, ad_account_id, name, status, pricing_model, bid_micros, total_budget_micros,
      pacing, start_at, hold_remaining_micros, hold_day, launched_at, freq_cap_impressions, freq_cap_period)
    select gen_random_uuid(), a.id, 'Campaign ' || k, 'ACTIVE', case when k = 1 then 'CPM' else 'CPC' end,
      case when k = 1 then 2000000 + (row_number() over (order by a.id)) * 10000 else 300000 end,
      1000000000000, 'ASAP', now() - interval '1 day', 100000000000, current_date, now() - interval '1 day',
      case when (row_number() over (order by a.id, k)) % 3 = 0 then 3 end,
      case when (row_number() over (order by a.id, k)) % 3 = 0 then 'DAY' end
    from ad_accounts a cross join generate_series(1, 2) k`);
  await db.execute(sql`
    insert into ad_campaign_creatives (campaign_id, creative_id)
    select c.id, cr.id from ad_campaigns c join ad_creatives cr on cr.ad_account_id = c.ad_account_id`);
  await db.execute(sql`
    insert into ad_campaign_targets (campaign_id, kind, target_id)
    select c.id, 'FILTER', f.id from ad_campaigns c join ad_filter_lists f on f.ad_account_id = c.ad_account_id
    where c.name = 'Campaign 2'`);
}
