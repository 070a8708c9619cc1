import { describe, expect, it, vi } from "vitest";
import { ApiError, buildApiUrl, createApiClient, type Transport, totalCount } from "./api.ts";

function recordingFetch(response: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return response();
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

/** Each call's answer in turn, the last one again once they run out. */
function inTurn(...answers: (() => Response | Promise<Response>)[]) {
  let next = 0;
  return () => {
    const answer = answers[Math.min(next++, answers.length - 1)];
    if (!answer) throw new Error("no answers given");
    return answer();
  };
}

const problem = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: "about:blank", title: "Bad Request", status, ...body }), {
    status,
    headers: { "content-type": "application/problem+json", ...headers },
  });

describe("buildApiUrl", () => {
  it("prefixes /api and repeats array parameters, leaving out empty ones", () => {
    expect(buildApiUrl("/account")).toBe("/api/account");
    expect(buildApiUrl("/api/account")).toBe("/api/account");
    expect(
      buildApiUrl("v1/site-pages", {
        page: 0,
        size: 25,
        sort: ["claimUuid,desc", "createdDate,desc"],
        q: null,
      }),
    ).toBe("/api/v1/site-pages?page=0&size=25&sort=claimUuid%2Cdesc&sort=createdDate%2Cdesc");
  });
});

describe("createApiClient", () => {
  it("sends JSON with same-origin credentials and returns the parsed body", async () => {
    const { fetchImpl, calls } = recordingFetch(() => Response.json({ id: "1" }, { status: 201 }));
    const client = createApiClient({ fetch: fetchImpl });
    await expect(client.post<{ id: string }>("/v1/notes", { title: "T" })).resolves.toEqual({
      id: "1",
    });
    expect(calls[0]?.url).toBe("/api/v1/notes");
    expect(calls[0]?.init).toMatchObject({
      method: "POST",
      credentials: "same-origin",
      body: '{"title":"T"}',
    });
    expect(((calls[0]?.init.headers ?? {}) as Record<string, string>)["content-type"]).toBe(
      "application/json",
    );
  });

  it("passes FormData through untouched (multipart uploads)", async () => {
    const { fetchImpl, calls } = recordingFetch(() => new Response(null, { status: 204 }));
    const form = new FormData();
    form.set("file", new Blob(["x"]), "x.png");
    await expect(createApiClient({ fetch: fetchImpl }).post("/v1/upload/1", form)).resolves.toBeUndefined();
    expect(calls[0]?.init.body).toBe(form);
    expect(((calls[0]?.init.headers ?? {}) as Record<string, string>)["content-type"]).toBeUndefined();
  });

  it("gives the whole answer for lists, with X-Total-Count", async () => {
    const { fetchImpl } = recordingFetch(() =>
      Response.json([{ id: 1 }], { headers: { "x-total-count": "42" } }),
    );
    const answer = await createApiClient({ fetch: fetchImpl }).request<{ id: number }[]>(
      "/v1/site-page-comments",
    );
    expect(answer.data).toEqual([{ id: 1 }]);
    expect(totalCount(answer.headers)).toBe(42);
    const page = await createApiClient({ fetch: fetchImpl }).list<{ id: number }>("/v1/site-page-comments", {
      page: 0,
    });
    expect(page).toEqual({ items: [{ id: 1 }], total: 42 });
    expect(totalCount(new Headers())).toBe(0);
  });

  it("throws problem details as ApiError with field errors", async () => {
    const { fetchImpl } = recordingFetch(() =>
      problem(400, {
        detail: "Check the form",
        errors: [{ field: "username", message: "Enter a valid email address" }],
      }),
    );
    const error = await createApiClient({ fetch: fetchImpl })
      .post("/authenticate", {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toBe("Check the form");
    expect((error as ApiError).fieldErrors).toEqual({ username: "Enter a valid email address" });
  });

  it("makes a problem out of answers that are not problem details", async () => {
    const { fetchImpl } = recordingFetch(
      () => new Response("<h1>Bad gateway</h1>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = (await createApiClient({ fetch: fetchImpl })
      .get("/x")
      .catch((e: unknown) => e)) as ApiError;
    expect(error.problem).toMatchObject({ status: 502, title: "Bad Gateway" });
  });

  it("turns network failures into an ApiError with status 0, but lets aborts through", async () => {
    const offline = createApiClient({
      fetch: (async () => {
        throw new TypeError("Failed to fetch");
      }) as unknown as typeof fetch,
    });
    const error = (await offline.get("/account").catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);

    const controller = new AbortController();
    controller.abort();
    const aborted = createApiClient({
      fetch: (async () => {
        throw new DOMException("Aborted", "AbortError");
      }) as unknown as typeof fetch,
    });
    const abortError = await aborted.get("/account", { signal: controller.signal }).catch((e: unknown) => e);
    expect(abortError).not.toBeInstanceOf(ApiError);
  });

  it("calls an answer it cannot read unexpected: a list that is not an array, JSON that is not JSON", async () => {
    const notAList = createApiClient({ fetch: recordingFetch(() => Response.json({ id: 7 })).fetchImpl });
    const error = (await notAList.list("/v1/x", {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.problem).toMatchObject({ status: 200, code: "unexpected_answer", instance: "/v1/x" });
    expect(error.message).toMatch(/Reload the page/);
    const broken = createApiClient({
      fetch: recordingFetch(
        () => new Response("{not json", { headers: { "content-type": "application/json" } }),
      ).fetchImpl,
    });
    const brokenError = (await broken.get("/v1/y").catch((e: unknown) => e)) as ApiError;
    expect(brokenError.problem).toMatchObject({ code: "unexpected_answer", instance: "/v1/y" });
  });

  it("keeps a problem's own words only when it is well formed", async () => {
    const malformed = createApiClient({
      fetch: recordingFetch(() => problem(422, { detail: "Check the form", errors: [{ field: "body" }] }))
        .fetchImpl,
    });
    const error = (await malformed.post("/v1/x", {}).catch((e: unknown) => e)) as ApiError;
    expect(error.problem).toEqual({ type: "about:blank", title: "Error", status: 422 });
    expect(error.fieldErrors).toEqual({});
  });

  it("sends through a transport when given one (server loaders), without browser credentials", async () => {
    const calls: { url: string; init: Parameters<Transport>[1] }[] = [];
    const client = createApiClient({
      transport: async (url, init) => {
        calls.push({ url, init });
        return Response.json({ ok: true });
      },
    });
    await client.post("/v1/site-pages/flip", { url: "a.com" });
    expect(calls[0]?.url).toBe("/api/v1/site-pages/flip");
    expect(calls[0]?.init).toEqual({
      method: "POST",
      headers: {
        accept: "application/json, application/problem+json",
        "content-type": "application/json",
        "idempotency-key": expect.stringMatching(/^[0-9a-f]{32}$/),
      },
      body: '{"url":"a.com"}',
    });
  });
});

describe("a POST whose answer was lost", () => {
  const headersOf = (init: RequestInit) => (init.headers ?? {}) as Record<string, string>;

  it("carries an Idempotency-Key, or keeps the caller's", async () => {
    const { fetchImpl, calls } = recordingFetch(() => Response.json({ id: "1" }, { status: 201 }));
    const client = createApiClient({ fetch: fetchImpl });
    await client.post("/v1/site-page-comments", { body: "x" });
    await client.post("/v1/site-page-comments", { body: "y" });
    await client.post("/v1/wallet/transfers", {}, { headers: { "Idempotency-Key": "mine" } });
    await client.put("/v1/site-page-comments/1", { body: "z" });
    const keys = calls.map((c) => headersOf(c.init)["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBeUndefined();
    expect(headersOf(calls[2]?.init ?? {})["Idempotency-Key"]).toBe("mine");
    expect(keys[3]).toBeUndefined();
  });

  it("is sent again with the same key after a 502 or a dropped connection, then answers", async () => {
    vi.useFakeTimers();
    try {
      const { fetchImpl, calls } = recordingFetch(
        inTurn(
          () => new Response("Bad Gateway", { status: 502 }),
          () => Promise.reject(new TypeError("Failed to fetch")),
          () => Response.json({ id: "7" }, { status: 201 }),
        ),
      );
      const pending = createApiClient({ fetch: fetchImpl }).post("/v1/site-page-comments", { body: "x" });
      await vi.advanceTimersByTimeAsync(1_300);
      await expect(pending).resolves.toEqual({ id: "7" });
      expect(calls).toHaveLength(3);
      expect(new Set(calls.map((c) => headersOf(c.init)["idempotency-key"])).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is sent again while the server says the first try is still being handled; not for a plain 409", async () => {
    vi.useFakeTimers();
    try {
      const { fetchImpl, calls } = recordingFetch(
        inTurn(
          () => problem(409, { detail: "still in progress" }, { "retry-after": "1" }),
          () => Response.json({ id: "8" }, { status: 201 }),
        ),
      );
      const pending = createApiClient({ fetch: fetchImpl }).post("/v1/site-page-comments", { body: "x" });
      await vi.advanceTimersByTimeAsync(300);
      await expect(pending).resolves.toEqual({ id: "8" });
      expect(calls).toHaveLength(2);

      const conflict = recordingFetch(() => problem(409, { detail: "Someone else changed it" }));
      await expect(createApiClient({ fetch: conflict.fetchImpl }).post("/v1/x", {})).rejects.toMatchObject({
        status: 409,
      });
      expect(conflict.calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up after three tries with the last answer's problem; a GET or a refusal is not repeated", async () => {
    vi.useFakeTimers();
    try {
      const gateway = recordingFetch(() => new Response("Bad Gateway", { status: 502 }));
      const pending = createApiClient({ fetch: gateway.fetchImpl }).post("/v1/x", {});
      const failed = expect(pending).rejects.toMatchObject({ status: 502 });
      await vi.advanceTimersByTimeAsync(1_300);
      await failed;
      expect(gateway.calls).toHaveLength(3);

      const read = recordingFetch(() => new Response("Bad Gateway", { status: 502 }));
      await expect(createApiClient({ fetch: read.fetchImpl }).get("/v1/x")).rejects.toMatchObject({
        status: 502,
      });
      expect(read.calls).toHaveLength(1);

      const refused = recordingFetch(() => problem(422, { detail: "No" }));
      await expect(createApiClient({ fetch: refused.fetchImpl }).post("/v1/x", {})).rejects.toMatchObject({
        status: 422,
      });
      expect(refused.calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
