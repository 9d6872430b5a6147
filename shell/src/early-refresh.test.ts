import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { SessionStore } from "@hosting-portal/shared-ui";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The inline script of index.html that starts the session refresh, as the browser runs it. */
function earlyRefreshScript(): string {
  const html = readFileSync(resolve(import.meta.dirname, "../index.html"), "utf8");
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
  const script = scripts.find((s) => s.includes("/api/auth/refresh"));
  if (!script) throw new Error("index.html has no early refresh script");
  return script;
}

const session = {
  access_token: "early-access",
  token_type: "bearer",
  expires_in: 900,
  expires_at: Math.floor(Date.now() / 1000) + 900,
  refresh_expires_at: Math.floor(Date.now() / 1000) + 3600,
  remember: true,
  user: {
    id: "00000000-0000-4000-8000-000000000001",
    email: "c@example.com",
    username: "customer",
    is_admin: false,
    created_at: "2025-01-01T00:00:00Z",
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("index.html restores the session before the shell's scripts run", () => {
  it("asks once under the store's lock, and the store adopts that answer without asking again", async () => {
    const fetchMock = vi.fn(async () => Response.json(session));
    vi.stubGlobal("fetch", fetchMock);
    const locks: string[] = [];
    vi.stubGlobal("navigator", {
      ...navigator,
      locks: {
        request: async (name: string, fn: () => Promise<unknown>) => {
          locks.push(name);
          return fn();
        },
      },
    });
    new Function(earlyRefreshScript())();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([
      "/api/auth/refresh",
      expect.objectContaining({ method: "POST", credentials: "same-origin" }),
    ]);

    const store = new SessionStore();
    try {
      store.start();
      await store.ready();
      expect(store.getSession()?.access_token).toBe("early-access");
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // The lock and rotation mark the store itself uses for every later refresh.
      const storeSource = readFileSync(
        resolve(import.meta.dirname, "../../shared-ui/src/session/session-store.ts"),
        "utf8",
      );
      expect(storeSource).toContain(`const REFRESH_LOCK = "${locks[0]}";`);
      expect(storeSource).toContain('const ROTATION_MARK = "portal:session-rotation";');
      expect(localStorage.getItem("portal:session-rotation")).not.toBeNull();
    } finally {
      store.reset();
    }
  });

  it("when the early call never reached the API, the store asks itself", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue(Response.json(session));
    vi.stubGlobal("fetch", fetchMock);
    new Function(earlyRefreshScript())();
    const store = new SessionStore();
    try {
      store.start();
      await store.ready();
      expect(store.getSession()?.access_token).toBe("early-access");
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      store.reset();
    }
  });

  it("a refused early call (session expired) ends signed out, as the store's own would", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json(
        { error: { code: "session_expired", message: "Session expired" } },
        { status: 401 },
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    new Function(earlyRefreshScript())();
    const store = new SessionStore();
    try {
      store.start();
      await store.ready();
      expect(store.getSession()).toBeNull();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      store.reset();
    }
  });
});
