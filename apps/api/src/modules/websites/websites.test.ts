import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { type MailCatcher, startMailCatcher } from "../../../test/mail-catcher.ts";
import { homePageWithMeta, startDnsServer, startSiteServer } from "../../../test/site-servers.ts";
import { createUser, sendAs, type TestUser } from "../../../test/users.ts";
import { sites } from "../../db/schema/discussion.ts";
import { siteClaims } from "../../db/schema/websites.ts";
import { websitesServiceFor } from "./websites.routes.ts";

let t: TestApp;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let web: Awaited<ReturnType<typeof startSiteServer>>;
let mail: MailCatcher;
let alice: TestUser;
let bob: TestUser;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  [dns, web, mail] = await Promise.all([startDnsServer(), startSiteServer(), startMailCatcher()]);
  t = await createTestApp({
    PAGE_FETCH_ENABLED: "false",
    RATE_LIMIT_ENABLED: "false",
    DNS_SERVERS: dns.address,
    DNS_TIMEOUT_MS: "2000",
    SITE_VERIFICATION_HTTP_PORT: String(web.port),
    // The app's own ticks stay out of the way: these tests run the due checks on their own clock.
    SITE_VERIFICATION_TICK_MS: String(DAY),
    SMTP_URL: mail.url,
  });
  alice = await createUser(t.app, { displayName: "Alice" });
  bob = await createUser(t.app, { displayName: "Bob" });
});
afterAll(async () => {
  await t.close();
  dns.close();
  await Promise.all([web.close(), mail.close()]);
});

let n = 0;
/** A fresh domain for each test, served by the test's DNS and web servers. */
function freshDomain(): string {
  n += 1;
  const domain = `acme-${n}-${Date.now().toString(36)}.com`;
  dns.pointAtLoopback(domain);
  return domain;
}

const call = (user: TestUser | null, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/site-verifications${url}`,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    ...(user ? { headers: user.headers } : {}),
  });

async function claim(user: TestUser, address: string) {
  const res = await call(user, "POST", "", { address });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
const verify = (user: TestUser, id: string, method: string) => call(user, "POST", `/${id}/check`, { method });

describe("claiming a site", () => {
  it("claims the registrable domain of any address on it, once per person", async () => {
    const res = await call(alice, "POST", "", { address: "https://blog.www.example-shop.co.uk/a/b?c=1" });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json();
    expect(first).toMatchObject({
      domain: "example-shop.co.uk",
      unicodeDomain: "example-shop.co.uk",
      status: "PENDING",
      ownerKind: "USER",
      verifiedByAnother: false,
      plan: "FREE",
      lastCheck: null,
      nextCheckDate: null,
      counts: { pages: 0, comments: 0, reviews: 0 },
    });
    expect(first.token).toMatch(/^[0-9a-f]{32}$/);
    const again = await call(alice, "POST", "", { address: "EXAMPLE-SHOP.CO.UK." });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    // Another person's claim of the same site is theirs, with its own token.
    const bobs = await claim(bob, "example-shop.co.uk");
    expect(bobs.id).not.toBe(first.id);
    expect(bobs.token).not.toBe(first.token);
    const mine = (await call(alice, "GET", "")).json();
    expect(mine.map((c: { domain: string }) => c.domain)).toContain("example-shop.co.uk");
  });

  it("takes IDN domains in Unicode and punycode as one site", async () => {
    const unicode = await claim(alice, "https://www.bücher-laden.de/katalog");
    expect(unicode).toMatchObject({ domain: "xn--bcher-laden-thb.de", unicodeDomain: "bücher-laden.de" });
    const puny = await call(alice, "POST", "", { address: "xn--bcher-laden-thb.de" });
    expect(puny.statusCode).toBe(200);
    expect(puny.json().id).toBe(unicode.id);
    const detail = await call(alice, "GET", `/${encodeURIComponent("bücher-laden.de")}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().id).toBe(unicode.id);
  });

  it("refuses public suffixes, IP addresses and what is no domain, and changes nothing", async () => {
    const before = (await call(alice, "GET", "")).json().length;
    for (const [address, message] of [
      ["github.io", "github.io is a public suffix"],
      ["co.uk", "co.uk is a public suffix"],
      ["https://co.uk/path", "co.uk is a public suffix"],
      ["192.0.2.1", "not by an IP address"],
      ["localhost", "is not a domain anyone can register"],
      ["http://", "is not a domain or a web address"],
    ] as const) {
      const res = await call(alice, "POST", "", { address });
      expect(res.statusCode, address).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: "address" });
      expect(res.json().detail, address).toContain(message);
    }
    expect((await call(alice, "POST", "", { address: "" })).statusCode).toBe(400);
    expect((await call(alice, "POST", "", { address: "a.com", extra: 1 })).statusCode).toBe(400);
    expect((await call(alice, "GET", "")).json().length).toBe(before);
    // A person's site under a private suffix is theirs to claim.
    expect((await claim(alice, "https://alice-pages.github.io/post")).domain).toBe("alice-pages.github.io");
  });

  it("needs a session, and shows, checks and removes only your own claims", async () => {
    expect((await call(null, "GET", "")).statusCode).toBe(401);
    expect((await call(null, "POST", "", { address: "x.com" })).statusCode).toBe(401);
    const domain = freshDomain();
    const mine = await claim(alice, domain);
    expect((await call(bob, "GET", `/${domain}`)).statusCode).toBe(404);
    expect((await verify(bob, mine.id, "DNS_TXT")).statusCode).toBe(404);
    expect((await call(bob, "DELETE", `/${mine.id}`)).statusCode).toBe(404);
    expect((await call(alice, "GET", "/never-claimed.com")).statusCode).toBe(404);
    expect((await call(alice, "GET", `/${domain}`)).statusCode).toBe(200);
  });
});

describe("verifying", () => {
  it("by DNS TXT record: says which records it found, then verifies", async () => {
    const domain = freshDomain();
    const c = await claim(alice, domain);
    dns.setTxt(domain, ["v=spf1 include:_spf.example.net -all", "flipside-verification=0123456789abcdef"]);
    const failed = await verify(alice, c.id, "DNS_TXT");
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: "PLANNED", method: "DNS_TXT", lastCheck: { ok: false } });
    expect(failed.json().lastCheck.message).toBe(
      `The TXT records of ${domain} are: "v=spf1 include:_spf.example.net -all", "flipside-verification=0123456789abcdef". "flipside-verification=0123456789abcdef" holds a different token: this claim's record is flipside-verification=${c.token}.`,
    );
    expect(Date.parse(failed.json().nextCheckDate)).toBeGreaterThan(Date.now());
    expect(failed.json().retriesEndDate).not.toBeNull();

    // A record split into several character-strings is one record.
    dns.setTxt(domain, ["v=spf1 -all", ["flipside-verification=", c.token]]);
    const ok = await verify(alice, c.id, "DNS_TXT");
    expect(ok.json()).toMatchObject({
      status: "VERIFIED",
      lastCheck: {
        ok: true,
        message: `Found flipside-verification=${c.token} in the TXT records of ${domain}.`,
      },
      failingSince: null,
    });
    expect(Date.parse(ok.json().nextCheckDate) - Date.now()).toBeGreaterThan(23 * HOUR);
    const [site] = await t.app.db.select().from(sites).where(eq(sites.domain, domain));
    expect(site).toMatchObject({
      verificationStatus: "VERIFIED",
      ownerKind: "USER",
      ownerId: alice.id,
      claimId: c.id,
    });
  });

  it("by DNS: names a domain without TXT records, or one DNS does not know", async () => {
    const domain = freshDomain();
    const c = await claim(alice, domain);
    expect((await verify(alice, c.id, "DNS_TXT")).json().lastCheck.message).toBe(
      `${domain} has no TXT records.`,
    );
    dns.forget(domain);
    expect((await verify(alice, c.id, "DNS_TXT")).json().lastCheck.message).toBe(
      `${domain} does not exist in DNS (NXDOMAIN).`,
    );
  });

  it("by meta tag: tries the home page, then www, and says what each answered", async () => {
    const domain = freshDomain();
    const c = await claim(alice, domain);
    web.set(domain, "/", { status: 403, body: "Forbidden" });
    web.set(`www.${domain}`, "/", { status: 200, body: "<html><head><title>x</title></head></html>" });
    const failed = (await verify(alice, c.id, "META_TAG")).json();
    expect(failed.lastCheck.message).toBe(
      `The home page answered 403 at http://${domain}:${web.port}/. The home page at http://www.${domain}:${web.port}/ has no flipside-verification meta tag.`,
    );
    web.set(`www.${domain}`, "/", { status: 200, body: homePageWithMeta("not-the-token") });
    expect((await verify(alice, c.id, "META_TAG")).json().lastCheck.message).toContain(
      "flipside-verification meta tag on",
    );
    expect((await verify(alice, c.id, "META_TAG")).json().lastCheck.message).toContain(
      "holds a different token",
    );
    web.set(`www.${domain}`, "/", { status: 200, body: homePageWithMeta(c.token) });
    const ok = (await verify(alice, c.id, "META_TAG")).json();
    expect(ok).toMatchObject({ status: "VERIFIED", method: "META_TAG", lastCheck: { ok: true } });
    expect(ok.lastCheck.message).toBe(
      `Found the flipside-verification meta tag on http://www.${domain}:${web.port}/.`,
    );
  });

  it("by meta tag: a redirect to another site proves nothing", async () => {
    const domain = freshDomain();
    const other = freshDomain();
    const c = await claim(alice, domain);
    web.set(domain, "/", { status: 302, body: "", location: `http://${other}:${web.port}/` });
    web.set(`www.${domain}`, "/", { status: 302, body: "", location: `http://${other}:${web.port}/` });
    web.set(other, "/", { status: 200, body: homePageWithMeta(c.token) });
    const res = (await verify(alice, c.id, "META_TAG")).json();
    expect(res.status).toBe("PLANNED");
    expect(res.lastCheck.message).toContain(`redirected to another site (${other})`);
  });

  it("by file: says when it is missing, empty or holds another token", async () => {
    const domain = freshDomain();
    const c = await claim(alice, domain);
    const path = "/.well-known/flipside-verification.txt";
    const url = `http://${domain}:${web.port}${path}`;
    expect((await verify(alice, c.id, "FILE")).json().lastCheck.message).toBe(
      `${url} answered 404: the file is not there.`,
    );
    web.set(domain, path, { status: 200, body: "   \n" });
    expect((await verify(alice, c.id, "FILE")).json().lastCheck.message).toBe(`The file at ${url} is empty.`);
    web.set(domain, path, { status: 200, body: "someone-elses-token" });
    expect((await verify(alice, c.id, "FILE")).json().lastCheck.message).toBe(
      `The file at ${url} holds a different token.`,
    );
    web.set(domain, path, { status: 200, body: `\uFEFF${c.token}\n` });
    const ok = (await verify(alice, c.id, "FILE")).json();
    expect(ok).toMatchObject({ status: "VERIFIED", method: "FILE" });
    expect(ok.lastCheck.message).toBe(`The file at ${url} holds this claim's token.`);
  });

  it("never fetches a site that resolves to a private address without the test setting", async () => {
    // The same checks as production: no SITE_VERIFICATION_HTTP_PORT, so loopback is refused.
    const prod = websitesServiceFor(t.app, {
      checker: (await import("./proof-checks.ts")).createProofChecker({
        ...t.app.config,
        SITE_VERIFICATION_HTTP_PORT: undefined,
      }),
    });
    const domain = freshDomain();
    const c = await claim(alice, domain);
    web.set(domain, "/.well-known/flipside-verification.txt", { status: 200, body: c.token });
    const res = await prod.check(alice.id, c.id, "FILE");
    expect(res.status).toBe("PLANNED");
    expect(res.lastCheck?.message).toBe(
      `The file at https://${domain}/.well-known/flipside-verification.txt resolves to a private or local address, which Flipside never fetches.`,
    );
    expect(web.hits.some((h) => h.startsWith(domain))).toBe(false);
  });

  it("lets exactly one of two people racing to prove the same site win", async () => {
    const domain = freshDomain();
    const a = await claim(alice, domain);
    const b = await claim(bob, domain);
    dns.setTxt(domain, [`flipside-verification=${a.token}`, `flipside-verification=${b.token}`]);
    const [ra, rb] = await Promise.all([verify(alice, a.id, "DNS_TXT"), verify(bob, b.id, "DNS_TXT")]);
    const statuses = [ra.statusCode, rb.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().detail).toBe("Verified by another owner.");
    const verified = await t.app.db.select().from(siteClaims).where(eq(siteClaims.status, "VERIFIED"));
    expect(verified.filter((c) => c.siteId === a.siteId)).toHaveLength(1);
    const loserUser = ra.statusCode === 409 ? alice : bob;
    const seen = (await call(loserUser, "GET", `/${domain}`)).json();
    expect(seen).toMatchObject({ status: "PENDING", verifiedByAnother: true });
  });

  it("removing a verified site's claim leaves the site without an owner", async () => {
    const domain = freshDomain();
    const c = await claim(alice, domain);
    dns.setTxt(domain, [`flipside-verification=${c.token}`]);
    expect((await verify(alice, c.id, "DNS_TXT")).json().status).toBe("VERIFIED");
    expect((await call(alice, "DELETE", `/${c.id}`)).statusCode).toBe(204);
    expect((await call(alice, "GET", `/${domain}`)).statusCode).toBe(404);
    const [site] = await t.app.db.select().from(sites).where(eq(sites.domain, domain));
    expect(site).toMatchObject({ verificationStatus: "PENDING", ownerId: null, claimId: null });
    // Bob can now prove it.
    const b = await claim(bob, domain);
    dns.setTxt(domain, [`flipside-verification=${b.token}`]);
    expect((await verify(bob, b.id, "DNS_TXT")).json().status).toBe("VERIFIED");
  });
});

describe("checks on their own", () => {
  let clock: Date;
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let owner: TestUser;
  beforeEach(async () => {
    clock = new Date();
    // Other tests' claims wait for checks too: these tests run only their own.
    await t.app.db.update(siteClaims).set({ nextCheckAt: null });
    owner = await createUser(t.app, { displayName: "Owner" });
  });
  const service = () => websitesServiceFor(t.app, { now: () => clock });
  const stored = async (id: string) =>
    (await t.app.db.select().from(siteClaims).where(eq(siteClaims.id, id)))[0];

  it("re-tries a PLANNED claim with growing waits, and verifies it once the proof appears", async () => {
    const domain = freshDomain();
    const c = await claim(owner, domain);
    const s = service();
    await s.check(owner.id, c.id, "DNS_TXT");
    const first = await stored(c.id);
    expect(first?.status).toBe("PLANNED");
    const wait1 = (first?.nextCheckAt?.getTime() ?? 0) - clock.getTime();
    expect(wait1).toBe(5 * 60 * 1000);

    // Not due yet: nothing runs.
    expect(await s.runDue()).toBe(0);
    later(wait1);
    expect(await s.runDue()).toBe(1);
    const second = await stored(c.id);
    expect(second).toMatchObject({ status: "PLANNED", failures: 2 });
    expect((second?.nextCheckAt?.getTime() ?? 0) - clock.getTime()).toBe(10 * 60 * 1000);

    dns.setTxt(domain, [`flipside-verification=${c.token}`]);
    later(10 * 60 * 1000);
    expect(await s.runDue()).toBe(1);
    expect((await stored(c.id))?.status).toBe("VERIFIED");
    const told = await mail.next(`${owner.id}@example.test`);
    expect(told.subject).toBe(`${domain} is verified on Flipside`);
    // A notification (docs/notifications.md): in the inbox, leading to the site's page.
    const inbox = await t.app.inject({ url: "/api/v1/notifications", headers: owner.headers });
    expect(inbox.json()).toContainEqual(
      expect.objectContaining({
        kind: "VERIFICATION",
        message: `${domain} is verified on Flipside`,
        link: `/profile/websites/${domain}`,
      }),
    );
  });

  it("stops re-trying 72 hours after the first failure and returns to PENDING", async () => {
    const domain = freshDomain();
    const c = await claim(owner, domain);
    const s = service();
    await s.check(owner.id, c.id, "FILE");
    let runs = 0;
    for (let i = 0; i < 100; i++) {
      const row = await stored(c.id);
      if (!row?.nextCheckAt) break;
      clock = row.nextCheckAt;
      runs += await s.runDue();
    }
    const row = await stored(c.id);
    expect(row).toMatchObject({ status: "PENDING", nextCheckAt: null, failures: 0 });
    // Doubling waits from 5 minutes, at most 6 hours apart, over 72 hours.
    expect(runs).toBeGreaterThan(10);
    expect(runs).toBeLessThan(20);
    expect((await mail.next(`${owner.id}@example.test`)).subject).toBe(`Flipside could not verify ${domain}`);
  });

  it("re-checks a verified site daily and demotes it after the grace period without its proof", async () => {
    const domain = freshDomain();
    const c = await claim(owner, domain);
    const s = service();
    dns.setTxt(domain, [`flipside-verification=${c.token}`]);
    expect((await s.check(owner.id, c.id, "DNS_TXT")).status).toBe("VERIFIED");

    later(DAY);
    expect(await s.runDue()).toBe(1);
    expect(await stored(c.id)).toMatchObject({ status: "VERIFIED", failingSince: null });

    // The proof vanishes (every way is tried before the site counts as failing).
    dns.setTxt(domain, []);
    later(DAY);
    expect(await s.runDue()).toBe(1);
    const failing = await stored(c.id);
    expect(failing).toMatchObject({ status: "VERIFIED" });
    expect(failing?.failingSince?.getTime()).toBe(clock.getTime());
    const warned = await mail.next(`${owner.id}@example.test`);
    expect(warned.subject).toBe(`The proof for ${domain} is missing`);
    expect(warned.text).toContain(`${domain} has no TXT records.`);

    for (let day = 1; day < 7; day++) {
      later(DAY);
      expect(await s.runDue()).toBe(1);
      expect((await stored(c.id))?.status).toBe("VERIFIED");
    }
    later(DAY);
    expect(await s.runDue()).toBe(1);
    expect(await stored(c.id)).toMatchObject({ status: "PENDING", nextCheckAt: null, verifiedAt: null });
    const [site] = await t.app.db.select().from(sites).where(eq(sites.domain, domain));
    expect(site).toMatchObject({ verificationStatus: "PENDING", ownerId: null, claimId: null });
    expect((await mail.next(`${owner.id}@example.test`)).subject).toBe(`${domain} is no longer verified`);
  });

  it("keeps a verified site whose proof comes back within the grace period", async () => {
    const domain = freshDomain();
    const c = await claim(owner, domain);
    const s = service();
    const path = "/.well-known/flipside-verification.txt";
    web.set(domain, path, { status: 200, body: c.token });
    expect((await s.check(owner.id, c.id, "FILE")).status).toBe("VERIFIED");
    web.clear(domain, path);
    later(DAY);
    await s.runDue();
    expect((await stored(c.id))?.failingSince).not.toBeNull();
    // Moved to DNS meanwhile: any proof keeps the site.
    dns.setTxt(domain, [`flipside-verification=${c.token}`]);
    later(DAY);
    await s.runDue();
    expect(await stored(c.id)).toMatchObject({ status: "VERIFIED", failingSince: null, method: "DNS_TXT" });
  });

  it("runs each due check once however many instances tick at the same time", async () => {
    const domain = freshDomain();
    const c = await claim(owner, domain);
    const s1 = service();
    const s2 = service();
    await s1.check(owner.id, c.id, "DNS_TXT");
    later(5 * 60 * 1000);
    const ran = await Promise.all([s1.runDue(), s2.runDue()]);
    expect(ran[0] + ran[1]).toBe(1);
  });
});

describe("official responses", () => {
  it("a verified owner's comments on the site's pages carry the claim and come first", async () => {
    const domain = freshDomain();
    const c = await claim(alice, domain);
    dns.setTxt(domain, [`flipside-verification=${c.token}`]);
    await verify(alice, c.id, "DNS_TXT");
    const page = await sendAs(t.app, bob, "/api/v1/site-pages/flip", {
      url: `https://${domain}/pricing`,
      back: false,
    });
    const bobs = await sendAs(t.app, bob, "/api/v1/site-page-comments", {
      sitePage_id: page.id,
      body: "Is it any good?",
    });
    const alices = await sendAs(t.app, alice, "/api/v1/site-page-comments", {
      sitePage_id: page.id,
      body: "We think so.",
    });
    expect(bobs.claimUuid).toBeNull();
    expect(alices.claimUuid).toBe(c.id);
    const list = await t.app.inject({
      url: `/api/v1/site-page-comments?searchAnd=sitePage_id==${page.id},COMMENT`,
    });
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([alices.id, bobs.id]);

    const detail = (await call(alice, "GET", `/${domain}`)).json();
    expect(detail.counts).toEqual({ pages: 1, comments: 2, reviews: 0 });
    expect(detail.topPages[0]).toMatchObject({ id: page.id, commentCount: 2 });
    expect(detail.recent.map((r: { id: string }) => r.id)).toEqual([alices.id, bobs.id]);
    expect(detail.recent[0]).toMatchObject({
      official: true,
      excerpt: "We think so.",
      contributionType: "COMMENT",
    });
  });
});
