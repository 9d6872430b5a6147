import type { Session } from "@contracts/auth.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionStore } from "./session-store";

const now = () => Math.floor(Date.now() / 1000);

function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: "access-1",
    refresh_token: "refresh-1",
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
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let store: SessionStore;
beforeEach(() => {
  vi.useFakeTimers();
  store = new SessionStore();
});
afterEach(() => {
  store.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("SessionStore", () => {
  it("refreshes about 60 s before expiry and emits TOKEN_REFRESHED", async () => {
    localStorage.setItem(
      "portal:session",
      JSON.stringify(makeSession({ expires_at: now() + 120 })),
    );
    const fetchMock = vi.fn(async () =>
      json(200, makeSession({ access_token: "access-2", refresh_token: "refresh-2" })),
    );
    vi.stubGlobal("fetch", fetchMock);
    const events: string[] = [];
    store.start();
    store.subscribe((e) => events.push(e));
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(events).toEqual(["TOKEN_REFRESHED"]);
    expect(store.getSession()?.refresh_token).toBe("refresh-2");
    expect(JSON.parse(localStorage.getItem("portal:session") ?? "{}").refresh_token).toBe(
      "refresh-2",
    );
  });

  it("signs out when the refresh is rejected for good", async () => {
    localStorage.setItem("portal:session", JSON.stringify(makeSession({ expires_at: now() + 5 })));
    vi.stubGlobal("fetch", async () =>
      json(401, { error: { code: "session_expired", message: "Session expired" } }),
    );
    const events: string[] = [];
    store.start();
    store.subscribe((e) => events.push(e));
    expect(await store.getAccessToken()).toBeNull();
    expect(events).toEqual(["SIGNED_OUT"]);
    expect(localStorage.getItem("portal:session")).toBeNull();
  });

  it("keeps the session on a network error and retries later", async () => {
    localStorage.setItem("portal:session", JSON.stringify(makeSession({ expires_at: now() + 5 })));
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(json(200, makeSession({ refresh_token: "refresh-2" })));
    vi.stubGlobal("fetch", fetchMock);
    store.start();
    await expect(store.refresh()).rejects.toMatchObject({ code: "network_error" });
    expect(store.getSession()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(store.getSession()?.refresh_token).toBe("refresh-2");
  });

  it("signIn stores the session and emits SIGNED_IN", async () => {
    vi.stubGlobal("fetch", async () => json(200, makeSession()));
    const events: string[] = [];
    store.start();
    store.subscribe((e) => events.push(e));
    await store.signIn({ email: "c@example.com", password: "secret1", remember: true });
    expect(events).toEqual(["SIGNED_IN"]);
    expect(store.getUser()?.username).toBe("customer");
  });

  it("surfaces the server message on failed sign-in", async () => {
    vi.stubGlobal("fetch", async () =>
      json(401, { error: { code: "invalid_credentials", message: "Invalid login credentials" } }),
    );
    store.start();
    await expect(
      store.signIn({ email: "c@example.com", password: "wrong12", remember: false }),
    ).rejects.toMatchObject({ message: "Invalid login credentials", status: 401 });
  });

  it("does not adopt an aal1 session that needs a second factor; completeMfa adopts the verified pair", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, makeSession({ aal: "aal1", mfa_required: true }))),
    );
    const events: string[] = [];
    store.start();
    store.subscribe((e) => events.push(e));
    const pending = await store.signIn({ email: "c@example.com", password: "secret123" });
    expect(pending.mfa_required).toBe(true);
    expect(store.getSession()).toBeNull();
    expect(localStorage.getItem("portal:session")).toBeNull();
    expect(events).toEqual([]);
    store.completeMfa(makeSession({ access_token: "access-2", aal: "aal2", mfa_required: false }));
    expect(events).toEqual(["SIGNED_IN", "MFA_CHALLENGE_VERIFIED"]);
    expect(store.getSession()?.aal).toBe("aal2");
    // Verifying a factor while signed in (enrolment) only upgrades the session.
    store.completeMfa(makeSession({ access_token: "access-3", aal: "aal2" }));
    expect(events).toEqual(["SIGNED_IN", "MFA_CHALLENGE_VERIFIED", "MFA_CHALLENGE_VERIFIED"]);
    expect(store.getSession()?.access_token).toBe("access-3");
  });
});
