import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { clearSessionCookie, loadSession, lookUpAccount } from "./account-session.server.ts";

const ACCOUNT = {
  id: "0190a6a4-0000-7000-8000-000000000001",
  displayName: "Ana",
  email: "ana@example.com",
  activated: true,
};

function contextAnswering(status: number, body: unknown = ACCOUNT) {
  const api = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
  return {
    context: {
      api,
      cspNonce: "n",
      config: { publicOrigin: "https://flipside.example" },
    } as unknown as AppLoadContext,
    api,
  };
}

function request(path: string, cookie?: string) {
  return new Request(`https://flipside.example${path}`, cookie ? { headers: { cookie } } : {});
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

describe("session of the root loader (docs/web-app.md#session)", () => {
  it("asks nothing of the API without the cookie", async () => {
    const { context, api } = contextAnswering(200);
    const session = await loadSession(request("/", "other=1"), context);
    expect(session.user).toBeNull();
    expect(session.headers.get("set-cookie")).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it("fetches the account when the cookie is there, once per request", async () => {
    const { context, api } = contextAnswering(200);
    const req = request("/", "flipside_token=abc");
    const [first, second] = await Promise.all([lookUpAccount(req, context), lookUpAccount(req, context)]);
    expect(first.user?.displayName).toBe("Ana");
    expect(second).toBe(first);
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith("/api/account", expect.objectContaining({ method: "GET" }));
  });

  it("clears a cookie the API no longer accepts", async () => {
    const { context } = contextAnswering(401, { status: 401 });
    const session = await loadSession(request("/", "flipside_token=revoked"), context);
    expect(session.user).toBeNull();
    expect(session.headers.get("set-cookie")).toBe(clearSessionCookie(true));
    expect(clearSessionCookie(true)).toMatch(
      /^flipside_token=; Path=\/; .*Max-Age=0; Secure; HttpOnly; SameSite=None$/,
    );
    expect(clearSessionCookie(false)).toMatch(
      /^flipside_token=; Path=\/; .*Max-Age=0; HttpOnly; SameSite=Lax$/,
    );
  });

  it("keeps the cookie when the API fails for its own reasons", async () => {
    const { context } = contextAnswering(503, { status: 503 });
    const session = await loadSession(request("/", "flipside_token=abc"), context);
    expect(session.user).toBeNull();
    expect(session.headers.get("set-cookie")).toBeNull();
  });

  it("sends an anonymous /profile visitor to /login, clearing a dead cookie on the way", async () => {
    const { context } = contextAnswering(401, { status: 401 });
    const response = await thrown(
      loadSession(request("/profile/settings?x=1", "flipside_token=old"), context),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?next=%2Fprofile%2Fsettings%3Fx%3D1");
    expect(response.headers.get("set-cookie")).toBe(clearSessionCookie(true));
  });

  it("lets a signed-in visitor into /profile", async () => {
    const { context } = contextAnswering(200);
    const session = await loadSession(request("/profile", "flipside_token=abc"), context);
    expect(session.user?.id).toBe(ACCOUNT.id);
  });
});
