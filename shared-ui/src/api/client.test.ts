import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, NETWORK_ERROR } from "./api-error";
import { createApiClient, type TokenProvider } from "./client";

const Thing = z.object({ id: z.string() });

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
const refused = () => json(401, { error: { code: "unauthorized", message: "Not signed in" } });

/** A fetch stub answering each call with the next of `answers`; records what was sent. */
function stubFetch(...answers: Array<Response | Error | DOMException>) {
  const calls: { url: string; init: RequestInit; authorization: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({
      url: String(input),
      init,
      authorization: new Headers(init.headers).get("authorization"),
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call to ${String(input)}`);
    if (!(answer instanceof Response)) throw answer;
    return answer;
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

/** A session whose refresh hands out `next` tokens in turn (null: the session is gone). */
function tokens(first: string | null, ...next: Array<string | null>) {
  let current = first;
  const provider = {
    getAccessToken: vi.fn(async () => current),
    refresh: vi.fn(async () => {
      current = next.shift() ?? null;
      return current ? { access_token: current } : null;
    }),
    clear: vi.fn(() => {
      current = null;
    }),
  } satisfies TokenProvider;
  return provider;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createApiClient", () => {
  it("sends JSON with the bearer token, same-origin credentials and the base URL, and parses the answer with the contract", async () => {
    const calls = stubFetch(json(201, { id: "t1", extra: true }));
    const api = createApiClient({ baseUrl: "https://portal.test", tokens: tokens("tok-1") });
    await expect(api.post("/api/things", { name: "x" }, Thing)).resolves.toEqual({ id: "t1" });
    const [call] = calls;
    expect(call?.url).toBe("https://portal.test/api/things");
    expect(call?.init.method).toBe("POST");
    expect(call?.init.credentials).toBe("same-origin");
    expect(call?.init.body).toBe('{"name":"x"}');
    const headers = new Headers(call?.init.headers);
    expect(headers.get("authorization")).toBe("Bearer tok-1");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("accept")).toBe("application/json");
  });

  it("refreshes once after a 401 and sends the call again with the new token", async () => {
    const calls = stubFetch(refused(), json(200, { id: "t1" }));
    const session = tokens("old", "new");
    const api = createApiClient({ tokens: session });
    await expect(api.get("/api/things/t1", Thing)).resolves.toEqual({ id: "t1" });
    expect(calls.map((c) => c.authorization)).toEqual(["Bearer old", "Bearer new"]);
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(session.clear).not.toHaveBeenCalled();
  });

  it("refreshes only once: a fresh token refused too ends the session and fails the call", async () => {
    const calls = stubFetch(refused(), refused());
    const session = tokens("old", "new", "newer");
    const api = createApiClient({ tokens: session });
    const err = await api.get("/api/things/t1", Thing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: "unauthorized", message: "Not signed in" });
    expect(calls).toHaveLength(2);
    expect(session.refresh).toHaveBeenCalledTimes(1);
    expect(session.clear).toHaveBeenCalledTimes(1);
  });

  it("does not send the call again when the refresh finds no session", async () => {
    const calls = stubFetch(refused());
    const session = tokens("old", null);
    const api = createApiClient({ tokens: session });
    await expect(api.get("/api/things/t1", Thing)).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it("sends a given bearer token as it is, with no refresh (the MFA step's pending session)", async () => {
    const calls = stubFetch(refused());
    const session = tokens("session-token", "refreshed");
    const api = createApiClient({ tokens: session });
    await expect(api.get("/api/auth/factors", Thing, { bearer: "pending" })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls.map((c) => c.authorization)).toEqual(["Bearer pending"]);
    expect(session.getAccessToken).not.toHaveBeenCalled();
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it("sends no token with auth: false, nor without a token provider", async () => {
    const calls = stubFetch(json(204, null), json(204, null));
    await createApiClient({ tokens: tokens("tok") }).post("/api/a", undefined, undefined, {
      auth: false,
    });
    await createApiClient().post("/api/b");
    expect(calls.map((c) => c.authorization)).toEqual([null, null]);
  });
});

describe("ApiError from the client", () => {
  it("carries the contract's code, message and status, and Retry-After", async () => {
    stubFetch(
      json(
        429,
        { error: { code: "rate_limited", message: "Too many attempts" } },
        { "retry-after": "30" },
      ),
    );
    const err = await createApiClient()
      .post("/api/auth/sign-in", {})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 429,
      code: "rate_limited",
      message: "Too many attempts",
      retryAfterSeconds: 30,
      retryable: true,
    });
  });

  it("names an answer without the contract's body by its status (a proxy's error page)", async () => {
    stubFetch(new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    await expect(createApiClient().get("/api/things", Thing)).rejects.toMatchObject({
      status: 502,
      code: "http_502",
      message: "Bad Gateway",
      retryable: true,
    });
  });

  it("a 4xx other than 408 and 429 is not worth trying again", async () => {
    stubFetch(json(402, { error: { code: "insufficient_credits", message: "Not enough" } }));
    await expect(createApiClient().post("/api/shop/orders", {})).rejects.toMatchObject({
      code: "insufficient_credits",
      retryable: false,
    });
  });

  it("turns a failed connection into a retryable network_error, but lets an abort through", async () => {
    stubFetch(new TypeError("Failed to fetch"));
    await expect(createApiClient().get("/api/things", Thing)).rejects.toMatchObject({
      status: 0,
      code: NETWORK_ERROR,
      retryable: true,
    });

    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException("The operation was aborted.", "AbortError");
    stubFetch(aborted);
    await expect(
      createApiClient().get("/api/things", Thing, { signal: controller.signal }),
    ).rejects.toBe(aborted);
  });
});
