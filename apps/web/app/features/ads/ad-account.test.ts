import { describe, expect, it } from "vitest";
import { chooseAccount, writeAccess } from "./ad-account.ts";
import type { AdAccount } from "./ads-client.ts";

const account = (id: string, over: Partial<AdAccount> = {}): AdAccount => ({
  id,
  name: id,
  ownerKind: "ORGANIZATION",
  ownerId: id,
  organizationName: "Org",
  timezone: "UTC",
  currency: "EUR",
  status: "ACTIVE",
  suspensionReason: null,
  viewerRole: "OWNER",
  createdAt: "2026-11-29T00:00:00.000Z",
  version: 0,
  ...over,
});

describe("the advertiser account the screens show", () => {
  const org = account("org");
  const mine = account("mine", { ownerKind: "USER", organizationName: null });

  it("is the one the cookie names, when it is the viewer's", () => {
    expect(chooseAccount([org, mine], "org")).toBe(org);
  });

  it("is their personal one for an unknown or foreign id, else the first", () => {
    expect(chooseAccount([org, mine], "someone-elses")).toBe(mine);
    expect(chooseAccount([org, mine], undefined)).toBe(mine);
    expect(chooseAccount([org], "nope")).toBe(org);
    expect(chooseAccount([], "nope")).toBeNull();
  });

  it("is written by OWNERs and ADMINs who confirmed their email; a MEMBER only reads", () => {
    expect(writeAccess(org, true)).toEqual({ canWrite: true, reason: null });
    expect(writeAccess(org, false)).toEqual({ canWrite: false, reason: "Confirm your email to advertise." });
    expect(writeAccess(account("m", { viewerRole: "MEMBER" }), true)).toEqual({
      canWrite: false,
      reason: null,
    });
    expect(writeAccess(null, true).canWrite).toBe(false);
  });
});
