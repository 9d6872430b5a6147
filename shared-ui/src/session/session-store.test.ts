import type { Session } from "@contracts/auth.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionStore } from "./session-store";

const now = () => Math.floor(Date.now() / 1000);

function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: "access-1",
    token_type: "bearer",
    expires_in: 900,
    expires_at: now() + 900,
    refresh_expires_at: now() + 3600,
    remember: true,
    user: {
      id: "00000000-0000-4000-8000-000000000001",
      email: "c@example.com",
      username: "customer",
      is_admin: false,
      created_at: "2025-01-01T00:00:00Z",
    },
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
const expired = () => json(401, { error: { code: "session_expired", message: "Session expired" } });

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A fetch stub answering per path; records every call. */
function stubApi(routes: Record<string, Handler>) {
  const calls: { path: string; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ path, init });
    const handler = routes[path];
    if (!handler) throw new Error(`no route for ${path}`);
    return handler(init);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

/** Nothing a page script could read holds a token: at most the rotation counter. */
function expectNothingStored() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  expect(keys.filter((k) => k !== "portal:session-rotation")).toEqual([]);
  expect(localStorage.getItem("portal:session-rotation") ?? "0").toMatch(/^\d+$/);
  expect(sessionStorage.length).toBe(0);
  expect(document.cookie).toBe("");
}

const stores: SessionStore[] = [];
const newStore = () => {
  const s = new SessionStore();
  stores.push(s);
  return s;
};

afterEach(() => {
  for (const s of stores.splice(0)) s.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("SessionStore: restore and refresh through the HttpOnly cookie", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it("restores the session at start by exchanging the cookie: loading until then, INITIAL_SESSION after", async () => {
    const api = stubApi({ "/api/auth/refresh": () => json(200, makeSession()) });
    const store = newStore();
    const events: string[] = [];
    store.subscribe((e) => events.push(e));
    store.start();
    expect(store.isLoading()).toBe(true);
    // A caller asking for a token meanwhile waits for the restore instead of seeing 'signed out'.
    const token = store.getAccessToken();
    await store.ready();
    expect(store.isLoading()).toBe(false);
    expect(await token).toBe("access-1");
    expect(events).toEqual(["INITIAL_SESSION"]);
    const [call] = api.callsTo("/api/auth/refresh");
    expect(call?.init?.method).toBe("POST");
    expect(call?.init?.credentials).toBe("same-origin");
    // The token travels only as the cookie the browser attaches.
    expect(call?.init?.body).toBeUndefined();
    expectNothingStored();
  });

  it("without a cookie (401) the start ends signed out, without a SIGNED_OUT", async () => {
    stubApi({ "/api/auth/refresh": expired });
    const store = newStore();
    const events: string[] = [];
    store.subscribe((e) => events.push(e));
    store.start();
    await store.ready();
    expect(store.getSession()).toBeNull();
    expect(events).toEqual(["INITIAL_SESSION"]);
  });

  it("a visitor (204, no cookie) is signed out at once: no retries, no error", async () => {
    const api = stubApi({ "/api/auth/refresh": () => new Response(null, { status: 204 }) });
    const store = newStore();
    const events: string[] = [];
    store.subscribe((e) => events.push(e));
    store.start();
    await store.ready();
    expect(store.getSession()).toBeNull();
    expect(events).toEqual(["INITIAL_SESSION"]);
    expect(api.callsTo("/api/auth/refresh")).toHaveLength(1);
  });

  it("does not adopt a cookie whose sign-in still waits for its second factor", async () => {
    stubApi({
      "/api/auth/refresh": () => json(200, makeSession({ aal: "aal1", mfa_required: true })),
    });
    const store = newStore();
    store.start();
    await store.ready();
    expect(store.getSession()).toBeNull();
  });

  it("refreshes about 60 s before expiry and emits TOKEN_REFRESHED", async () => {
    let n = 0;
    const api = stubApi({
      "/api/auth/refresh": () =>
        json(200, makeSession({ access_token: `access-${++n}`, expires_at: now() + 120 })),
    });
    const store = newStore();
    store.start();
    await store.ready();
    const events: string[] = [];
    store.subscribe((e) => events.push(e));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(api.callsTo("/api/auth/refresh")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.callsTo("/api/auth/refresh")).toHaveLength(2);
    expect(events).toEqual(["TOKEN_REFRESHED"]);
    expect(store.getSession()?.access_token).toBe("access-2");
    expectNothingStored();
  });

  it("signs out when the refresh is rejected for good", async () => {
    const answers = [json(200, makeSession({ expires_at: now() + 5 })), expired()];
    stubApi({ "/api/auth/refresh": () => answers.shift() ?? expired() });
    const store = newStore();
    store.start();
    await store.ready();
    const events: string[] = [];
    store.subscribe((e) => events.push(e));
    expect(await store.getAccessToken()).toBeNull();
    expect(events).toEqual(["SIGNED_OUT"]);
  });

  it("keeps the session on a network error and retries later", async () => {
    const answers: (() => Response)[] = [
      () => json(200, makeSession({ expires_at: now() + 5 })),
      () => {
        throw new TypeError("Failed to fetch");
      },
      () => json(200, makeSession({ access_token: "access-2" })),
    ];
    const api = stubApi({ "/api/auth/refresh": () => (answers.shift() ?? expired)() });
    const store = newStore();
    store.start();
    await store.ready();
    await expect(store.refresh()).rejects.toMatchObject({ code: "network_error" });
    expect(store.getSession()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(api.callsTo("/api/auth/refresh")).toHaveLength(3);
    expect(store.getSession()?.access_token).toBe("access-2");
  });

  it("signIn keeps the session in memory only and emits SIGNED_IN", async () => {
    stubApi({ "/api/auth/sign-in": () => json(200, makeSession()), "/api/auth/refresh": expired });
    const store = newStore();
    store.start();
    await store.ready();
    const events: string[] = [];
    store.subscribe((e) => events.push(e));
    await store.signIn({ email: "c@example.com", password: "secret1", remember: false });
    expect(events).toEqual(["SIGNED_IN"]);
    expect(store.getUser()?.username).toBe("customer");
    expectNothingStored();
  });

  it("surfaces the server message on failed sign-in", async () => {
    stubApi({
      "/api/auth/sign-in": () =>
        json(401, { error: { code: "invalid_credentials", message: "Invalid login credentials" } }),
    });
    const store = newStore();
    await expect(
      store.signIn({ email: "c@example.com", password: "wrong12", remember: false }),
    ).rejects.toMatchObject({ message: "Invalid login credentials", status: 401 });
  });

  it("does not adopt an aal1 session that needs a second factor; completeMfa adopts the verified one", async () => {
    stubApi({
      "/api/auth/sign-in": () => json(200, makeSession({ aal: "aal1", mfa_required: true })),
    });
    const store = newStore();
    const events: string[] = [];
    store.subscribe((e) => events.push(e));
    const pending = await store.signIn({ email: "c@example.com", password: "secret123" });
    expect(pending.mfa_required).toBe(true);
    expect(store.getSession()).toBeNull();
    expect(events).toEqual([]);
    store.completeMfa(makeSession({ access_token: "access-2", aal: "aal2", mfa_required: false }));
    expect(events).toEqual(["SIGNED_IN", "MFA_CHALLENGE_VERIFIED"]);
    expect(store.getSession()?.aal).toBe("aal2");
    // Verifying a factor while signed in (enrolment) only upgrades the session.
    store.completeMfa(makeSession({ access_token: "access-3", aal: "aal2" }));
    expect(events).toEqual(["SIGNED_IN", "MFA_CHALLENGE_VERIFIED", "MFA_CHALLENGE_VERIFIED"]);
    expect(store.getSession()?.access_token).toBe("access-3");
    expectNothingStored();
  });

  it("signOut asks the API to end the session (and clear the cookie) before dropping it here", async () => {
    let signedOutOnServer = false;
    const api = stubApi({
      "/api/auth/sign-in": () => json(200, makeSession()),
      "/api/auth/sign-out": () => {
        signedOutOnServer = true;
        return json(204, null);
      },
    });
    const store = newStore();
    await store.signIn({ email: "c@example.com", password: "secret1" });
    let serverWhenDropped: boolean | undefined;
    store.subscribe((e) => {
      if (e === "SIGNED_OUT") serverWhenDropped = signedOutOnServer;
    });
    await store.signOut();
    expect(serverWhenDropped).toBe(true);
    expect(store.getSession()).toBeNull();
    const [call] = api.callsTo("/api/auth/sign-out");
    expect(new Headers(call?.init?.headers).get("authorization")).toBe("Bearer access-1");
  });
});

/** navigator.locks for jsdom: one FIFO exclusive lock per name, shared by the stores (tabs). */
function installLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request: (name: string, callback: () => Promise<unknown>) => {
      const previous = queues.get(name) ?? Promise.resolve();
      const run = previous.then(() => callback());
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  Object.defineProperty(navigator, "locks", { value: locks, configurable: true });
  return () => Reflect.deleteProperty(navigator, "locks");
}

describe("SessionStore: several tabs share one session", () => {
  let removeLocks: () => void;
  beforeEach(() => {
    removeLocks = installLocks();
  });
  afterEach(() => removeLocks());

  it("a sign-in, refresh and sign-out in one tab reach the other; both refreshing rotate the cookie once", async () => {
    let rotations = 0;
    const api = stubApi({
      "/api/auth/sign-in": () => json(200, makeSession()),
      "/api/auth/refresh": () => {
        rotations += 1;
        return json(200, makeSession({ access_token: `rotated-${rotations}` }));
      },
      "/api/auth/sign-out": () => json(204, null),
    });
    const tabA = newStore();
    const tabB = newStore();
    // Tab B opens first, with no cookie yet.
    api.fetchMock.mockImplementationOnce(async () => expired());
    tabB.start();
    await tabB.ready();
    tabA.start();
    await tabA.ready();
    await vi.waitFor(() => expect(tabB.getSession()?.access_token).toBe("rotated-1"));
    rotations = 0;

    const eventsB: string[] = [];
    tabB.subscribe((e) => eventsB.push(e));
    await tabA.signIn({ email: "c@example.com", password: "secret1" });
    await vi.waitFor(() => expect(tabB.getSession()?.access_token).toBe("access-1"));

    // Both tabs' timers fire together (later: a token just received is not exchanged again): one
    // exchanges the cookie, the other takes its result.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_000);
    const [a, b] = await Promise.all([tabA.refresh(), tabB.refresh()]);
    expect(rotations).toBe(1);
    expect(a?.access_token).toBe("rotated-1");
    expect(b?.access_token).toBe("rotated-1");

    await tabA.signOut();
    await vi.waitFor(() => expect(tabB.getSession()).toBeNull());
    expect(eventsB).toContain("SIGNED_OUT");
    expectNothingStored();
  });
});
