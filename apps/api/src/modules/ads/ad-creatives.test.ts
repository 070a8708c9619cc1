import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAdAccount, organizationAdAccount } from "../../../test/ads.ts";
import { createTestApp, errorFields, type TestApp } from "../../../test/helper.ts";
import { multipart } from "../../../test/multipart.ts";
import { createUser, type TestUser } from "../../../test/users.ts";
import { auditLog } from "../../db/schema/admin.ts";
import { adCreatives } from "../../db/schema/ads.ts";

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let admin: TestUser;
let member: TestUser;
let annAccount: string;
let bobAccount: string;
let orgAccount: string;

beforeAll(async () => {
  t = await createTestApp({ PAGE_FETCH_ENABLED: "false", RATE_LIMIT_ENABLED: "false" });
  ann = await createUser(t.app, { displayName: "Ann" });
  bob = await createUser(t.app, { displayName: "Bob" });
  admin = await createUser(t.app, { displayName: "Admin", roles: ["ROLE_USER", "ROLE_ADMIN"] });
  member = await createUser(t.app, { displayName: "Member" });
  annAccount = await openAdAccount(t.app, ann);
  bobAccount = await openAdAccount(t.app, bob);
  orgAccount = await organizationAdAccount(t.app, ann, member, "org-creatives");
});
afterAll(() => t.close());

const call = (
  who: TestUser | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

const creative = (adAccountId: string, extra: Record<string, unknown> = {}) => ({
  adAccountId,
  name: "Spring offer",
  headline: "Fresh bread every morning",
  body: "Order before 8 and it is at your door by 9.",
  destinationUrl: "https://shop.example.com/offer?utm_source=flipside",
  ...extra,
});

const count = async () => (await t.app.db.select({ id: adCreatives.id }).from(adCreatives)).length;

async function uploadImage(who: TestUser, adAccountId: string, file: Buffer, type = "image/png") {
  const reserved = await call(who, "POST", "/api/v1/ad-creative-images", {
    adAccountId,
    contentType: "image/png",
    // What the browser declares; the upload itself is what is judged.
    size: Math.min(file.byteLength, 1000),
  });
  expect(reserved.statusCode, reserved.body).toBe(201);
  const body = multipart(file, "ad.png", type);
  const res = await t.app.inject({
    method: "POST",
    url: reserved.json().uploadUrl,
    payload: body.payload,
    headers: { ...body.headers, ...who.headers },
  });
  return { res, uploadUrl: reserved.json().uploadUrl, id: reserved.json().id };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2266aa" } })
    .png()
    .withExif({ IFD0: { Copyright: "secret-owner", ImageDescription: "GPS 48.8584 2.2945" } })
    .toBuffer();

describe("creatives", () => {
  it("submits a creative for review, with the link's domain shown", async () => {
    const res = await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      adAccountId: annAccount,
      name: "Spring offer",
      headline: "Fresh bread every morning",
      destinationUrl: "https://shop.example.com/offer?utm_source=flipside",
      displayDomain: "example.com",
      image: null,
      reviewStatus: "PENDING_REVIEW",
      rejectionReason: null,
      archivedAt: null,
      version: 0,
    });
  });

  it("refuses bad input naming the field, and writes nothing", async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string, number][] = [
      [{ headline: "" }, "headline", "Enter a headline.", 400],
      [{ headline: "x".repeat(61) }, "headline", "Use at most 60 characters.", 400],
      [{ body: "x".repeat(151) }, "body", "Use at most 150 characters.", 400],
      [{ name: "" }, "name", "Enter a name.", 400],
      [{ destinationUrl: "not a link" }, "destinationUrl", "not a link is not a valid domain", 400],
      [
        { destinationUrl: "javascript:alert(1)" },
        "destinationUrl",
        "javascript:alert(1) is not a valid domain",
        400,
      ],
      [
        { destinationUrl: "http://127.0.0.1/x" },
        "destinationUrl",
        "http://127.0.0.1/x is not a valid domain",
        400,
      ],
      [{ imageId: uuidv7() }, "imageId", "Unknown image.", 422],
    ];
    for (const [extra, field, message, status] of cases) {
      const res = await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(errorFields(res)).toEqual([field]);
      expect(res.json().errors[0].message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it("keeps each account's creatives to itself: a foreign id is the 404 of a random one", async () => {
    const mine = (await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount))).json();
    const foreign = await call(bob, "GET", `/api/v1/ad-creatives/${mine.id}`);
    const random = await call(bob, "GET", `/api/v1/ad-creatives/${uuidv7()}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(random.json().detail);
    for (const [method, url, payload] of [
      [
        "PUT",
        `/api/v1/ad-creatives/${mine.id}`,
        { ...creative(annAccount), adAccountId: undefined, version: 0 },
      ],
      ["POST", `/api/v1/ad-creatives/${mine.id}/archive`, undefined],
      ["DELETE", `/api/v1/ad-creatives/${mine.id}/archive`, undefined],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const into = await call(bob, "POST", "/api/v1/ad-creatives", creative(annAccount));
    expect(into.statusCode).toBe(404);
    const list = await call(bob, "GET", `/api/v1/ad-creatives?searchAnd=adAccountId==${annAccount}`);
    expect(list.statusCode).toBe(404);
    const unnamed = await call(ann, "GET", "/api/v1/ad-creatives");
    expect(unnamed.statusCode).toBe(400);
    expect(errorFields(unnamed)).toEqual(["searchAnd"]);
    const anonymous = await call(null, "GET", `/api/v1/ad-creatives/${mine.id}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it("lets an organisation's MEMBER read its creatives and not write them", async () => {
    const made = (await call(ann, "POST", "/api/v1/ad-creatives", creative(orgAccount))).json();
    expect((await call(member, "GET", `/api/v1/ad-creatives/${made.id}`)).statusCode).toBe(200);
    const list = await call(member, "GET", `/api/v1/ad-creatives?searchAnd=adAccountId==${orgAccount}`);
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([made.id]);
    const writes = [
      await call(member, "POST", "/api/v1/ad-creatives", creative(orgAccount)),
      await call(member, "PUT", `/api/v1/ad-creatives/${made.id}`, {
        ...creative(orgAccount),
        adAccountId: undefined,
        version: 0,
      }),
      await call(member, "POST", `/api/v1/ad-creatives/${made.id}/archive`),
      await call(member, "POST", "/api/v1/ad-creative-images", {
        adAccountId: orgAccount,
        contentType: "image/png",
        size: 10,
      }),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
  });

  it("sends a creative back to review when what people see changes, not for a new name", async () => {
    const made = (await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount))).json();
    const approved = await call(admin, "POST", `/api/v1/admin/ad-creatives/${made.id}/review`, {
      decision: "APPROVE",
    });
    expect(approved.json()).toMatchObject({ reviewStatus: "APPROVED", version: 1 });
    const edit = { ...creative(annAccount), adAccountId: undefined };

    const renamed = await call(ann, "PUT", `/api/v1/ad-creatives/${made.id}`, {
      ...edit,
      name: "Renamed",
      version: 1,
    });
    expect(renamed.json()).toMatchObject({ name: "Renamed", reviewStatus: "APPROVED", version: 2 });

    const stale = await call(ann, "PUT", `/api/v1/ad-creatives/${made.id}`, {
      ...edit,
      headline: "Stale",
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe(
      "This creative was changed elsewhere. Reload to see the latest version.",
    );

    let current = renamed.json();
    for (const change of [
      { headline: "New headline" },
      { body: "New text" },
      { destinationUrl: "https://other.example.org/" },
    ]) {
      const res = await call(ann, "PUT", `/api/v1/ad-creatives/${made.id}`, {
        ...edit,
        name: "Renamed",
        ...change,
        version: current.version,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      expect(res.json().reviewStatus, JSON.stringify(change)).toBe("PENDING_REVIEW");
      current = (
        await call(admin, "POST", `/api/v1/admin/ad-creatives/${made.id}/review`, { decision: "APPROVE" })
      ).json();
      expect(current.reviewStatus).toBe("APPROVED");
    }
  });

  it("archives and brings back, idempotently", async () => {
    const made = (await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount))).json();
    const archived = await call(ann, "POST", `/api/v1/ad-creatives/${made.id}/archive`);
    expect(archived.json().archivedAt).not.toBeNull();
    const again = await call(ann, "POST", `/api/v1/ad-creatives/${made.id}/archive`);
    expect(again.json().archivedAt).toBe(archived.json().archivedAt);
    const list = await call(
      ann,
      "GET",
      `/api/v1/ad-creatives?searchAnd=adAccountId==${annAccount},archived==true`,
    );
    expect(list.json().map((c: { id: string }) => c.id)).toEqual([made.id]);
    const back = await call(ann, "DELETE", `/api/v1/ad-creatives/${made.id}/archive`);
    expect(back.json().archivedAt).toBeNull();
  });
});

describe("creative images", () => {
  it("stores a checked image re-encoded without its metadata, and uses it", async () => {
    const { res } = await uploadImage(ann, annAccount, await png(1200, 630));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ width: 1200, height: 630 });
    const file = await t.app.inject({ method: "GET", url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.includes(Buffer.from("secret-owner"))).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();

    const made = await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount, { imageId: image.id }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().image).toEqual(image);
    // Another account cannot use it.
    const theirs = await call(
      bob,
      "POST",
      "/api/v1/ad-creatives",
      creative(bobAccount, { imageId: image.id }),
    );
    expect(theirs.statusCode).toBe(422);
    expect(errorFields(theirs)).toEqual(["imageId"]);
  });

  it("refuses what is not a fitting image, by its content", async () => {
    const cases: [Buffer, number, string][] = [
      [Buffer.from("GIF89a not really an image"), 415, "Use a JPEG, PNG or WebP image."],
      [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), 415, "Use a JPEG, PNG or WebP image."],
      [
        await sharp({ create: { width: 500, height: 500, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
        415,
        "Use a JPEG, PNG or WebP image.",
      ],
      [await png(800, 400), 201, ""],
      [await png(500, 390), 422, "The image must be at least 400 px on its short side."],
      [await png(1300, 400), 422, "Use an image from square to twice as wide as it is tall."],
      [await png(400, 600), 422, "Use an image from square to twice as wide as it is tall."],
      [
        Buffer.concat([await png(800, 400), randomBytes(5 * 1024 * 1024)]),
        413,
        "The image is larger than 5 MB.",
      ],
    ];
    for (const [file, status, message] of cases) {
      const { res } = await uploadImage(ann, annAccount, file);
      expect(res.statusCode, message).toBe(status);
      if (status !== 201) {
        expect(res.json().errors).toEqual([{ field: "file", message }]);
      }
    }
  });

  it("takes an upload address once, and only from someone who may write the account", async () => {
    const { res, uploadUrl } = await uploadImage(ann, annAccount, await png(800, 400));
    expect(res.statusCode).toBe(201);
    const body = multipart(await png(800, 400), "again.png", "image/png");
    const again = await t.app.inject({
      method: "POST",
      url: uploadUrl,
      payload: body.payload,
      headers: { ...body.headers, ...ann.headers },
    });
    expect(again.statusCode).toBe(409);

    const reserved = (
      await call(ann, "POST", "/api/v1/ad-creative-images", {
        adAccountId: annAccount,
        contentType: "image/png",
        size: 100,
      })
    ).json();
    const stranger = await t.app.inject({
      method: "POST",
      url: reserved.uploadUrl,
      payload: body.payload,
      headers: { ...body.headers, ...bob.headers },
    });
    expect(stranger.statusCode).toBe(404);
    const tooBig = await call(ann, "POST", "/api/v1/ad-creative-images", {
      adAccountId: annAccount,
      contentType: "image/png",
      size: 6 * 1024 * 1024,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors).toEqual([{ field: "size", message: "The image is larger than 5 MB." }]);
    const gif = await call(ann, "POST", "/api/v1/ad-creative-images", {
      adAccountId: annAccount,
      contentType: "image/gif",
      size: 100,
    });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors).toEqual([{ field: "contentType", message: "Use a JPEG, PNG or WebP image." }]);
  });
});

describe("review by platform admins (ADS.md §1.12)", () => {
  it("is a 404 to everyone else, anonymous included", async () => {
    const made = (await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount))).json();
    for (const who of [null, ann, bob]) {
      expect((await call(who, "GET", "/api/v1/admin/ad-creatives")).statusCode).toBe(404);
      const res = await call(who, "POST", `/api/v1/admin/ad-creatives/${made.id}/review`, {
        decision: "APPROVE",
      });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await t.app.db.select().from(adCreatives).where(eq(adCreatives.id, made.id));
    expect(row?.reviewStatus).toBe("PENDING_REVIEW");
  });

  it("lists waiting creatives oldest first, with whose they are", async () => {
    const res = await call(
      admin,
      "GET",
      "/api/v1/admin/ad-creatives?searchAnd=reviewStatus==PENDING_REVIEW,archived==false",
    );
    expect(res.statusCode).toBe(200);
    const items: {
      submittedAt: string;
      reviewStatus: string;
      advertiserName: string;
      archivedAt: string | null;
    }[] = res.json();
    expect(items.length).toBeGreaterThan(1);
    expect(items.map((i) => i.submittedAt)).toEqual([...items.map((i) => i.submittedAt)].sort());
    expect(items.every((i) => i.reviewStatus === "PENDING_REVIEW" && i.archivedAt === null)).toBe(true);
    expect(items.map((i) => i.advertiserName)).toContain("Ann ads");
    expect(Number(res.headers["x-total-count"])).toBe(items.length);
  });

  it("decides once: a second decision is a 409, a rejection needs its reason", async () => {
    const made = (await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount))).json();
    const url = `/api/v1/admin/ad-creatives/${made.id}/review`;
    const noReason = await call(admin, "POST", url, { decision: "REJECT" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: "reason", message: "Choose a reason." }]);
    const noNote = await call(admin, "POST", url, { decision: "REJECT", reason: "OTHER" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual([{ field: "note", message: "Write a note to the advertiser." }]);
    const oldVersion = await call(admin, "POST", url, { decision: "APPROVE", version: 7 });
    expect(oldVersion.statusCode).toBe(409);

    const [first, second] = await Promise.all([
      call(admin, "POST", url, { decision: "REJECT", reason: "DESTINATION", note: "The page answers 404." }),
      call(admin, "POST", url, { decision: "APPROVE" }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const loser = first?.statusCode === 409 ? first : second;
    expect(loser?.json().detail).toBe("Someone else has already reviewed this creative.");

    const seen = (await call(ann, "GET", `/api/v1/ad-creatives/${made.id}`)).json();
    if (first?.statusCode === 200) {
      expect(seen).toMatchObject({
        reviewStatus: "REJECTED",
        rejectionReason: "DESTINATION",
        rejectionNote: "The page answers 404.",
      });
    } else {
      expect(seen).toMatchObject({ reviewStatus: "APPROVED", rejectionReason: null });
    }
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, made.id));
    expect(audit).toHaveLength(1);
    expect(
      await call(admin, "POST", `/api/v1/admin/ad-creatives/${uuidv7()}/review`, {
        decision: "APPROVE",
      }).then((r) => r.statusCode),
    ).toBe(404);
  });

  it("a rejected creative edited goes back to the queue, without its old rejection", async () => {
    const made = (await call(ann, "POST", "/api/v1/ad-creatives", creative(annAccount))).json();
    await call(admin, "POST", `/api/v1/admin/ad-creatives/${made.id}/review`, {
      decision: "REJECT",
      reason: "QUALITY",
    });
    const fixed = await call(ann, "PUT", `/api/v1/ad-creatives/${made.id}`, {
      ...creative(annAccount),
      adAccountId: undefined,
      headline: "A clearer headline",
      version: 1,
    });
    expect(fixed.json()).toMatchObject({
      reviewStatus: "PENDING_REVIEW",
      rejectionReason: null,
      reviewedAt: null,
    });
  });
});
