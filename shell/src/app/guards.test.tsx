import type { Session } from "@contracts/auth.ts";
import { MemoryRouter, type RouteObject, useLocation, useRoutes } from "@hosting-portal/router";
import { session } from "@hosting-portal/shared-ui";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PublicOnly, RequireAdmin, RequireAuth } from "./guards";

const now = () => Math.floor(Date.now() / 1000);

function fakeSession(isAdmin: boolean, extra: Partial<Session> = {}): Session {
  return {
    ...extra,
    access_token: "a",
    token_type: "bearer",
    expires_in: 900,
    expires_at: now() + 900,
    refresh_expires_at: now() + 3600,
    remember: true,
    user: {
      id: "00000000-0000-4000-8000-000000000001",
      email: "c@example.com",
      username: "customer",
      is_admin: isAdmin,
      created_at: new Date().toISOString(),
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API's answer to the refresh-cookie exchange at start: a session, or no cookie (401). */
async function signedInAs(isAdmin: boolean | null, extra: Partial<Session> = {}) {
  session.reset();
  vi.stubGlobal("fetch", async (path: string) => {
    if (path === "/api/auth/refresh" && isAdmin !== null)
      return json(200, fakeSession(isAdmin, extra));
    if (path === "/api/auth/sign-in") return json(200, fakeSession(false));
    return json(401, { error: { code: "session_expired", message: "Session expired" } });
  });
  session.start();
  await session.ready();
}

/** The routes in a router at `entry`; `location()` follows its navigations and redirects. */
function renderRoutes(routes: RouteObject[], entry: string | { pathname: string; state: unknown }) {
  const current = { pathname: "" };
  function Routed() {
    current.pathname = useLocation().pathname;
    return useRoutes(routes);
  }
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routed />
    </MemoryRouter>,
  );
  return { location: () => current.pathname };
}

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: "/auth/login", element: <p>login page</p> },
      {
        element: <PublicOnly />,
        children: [{ path: "/auth/register", element: <p>register page</p> }],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: "/dashboard", element: <p>dashboard page</p> },
          {
            element: <RequireAdmin />,
            children: [{ path: "/admin/users", element: <p>admin page</p> }],
          },
        ],
      },
    ],
    path,
  );
}

afterEach(() => {
  session.reset();
  vi.unstubAllGlobals();
});

describe("guards (SPEC §6)", () => {
  it("sends visitors on guarded pages to /auth/login", async () => {
    await signedInAs(null);
    const router = renderAt("/dashboard");
    expect(screen.getByText("login page")).toBeTruthy();
    expect(router.location()).toBe("/auth/login");
  });

  it("sends non-admins on admin pages to /dashboard", async () => {
    await signedInAs(false);
    const router = renderAt("/admin/users");
    expect(screen.getByText("dashboard page")).toBeTruthy();
    expect(router.location()).toBe("/dashboard");
  });

  it("lets admins into admin pages", async () => {
    await signedInAs(true);
    renderAt("/admin/users");
    expect(screen.getByText("admin page")).toBeTruthy();
  });

  it("leads an admin who must set up a second factor to Settings instead of the admin pages", async () => {
    await signedInAs(true, { admin_mfa_setup_required: true });
    renderAt("/admin/users");
    expect(screen.queryByText("admin page")).toBeNull();
    expect(screen.getByText("Two-factor verification required")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "Set up two-factor verification" }).getAttribute("href"),
    ).toBe("/settings");
  });

  it("sends signed-in users away from /auth pages", async () => {
    await signedInAs(false);
    const router = renderAt("/auth/register");
    expect(router.location()).toBe("/dashboard");
  });

  it("sends a user who signs in back to the guarded page they came from (SPEC §6)", async () => {
    await signedInAs(null);
    const router = renderRoutes(
      [
        {
          element: <PublicOnly />,
          children: [{ path: "/auth/login", element: <p>login page</p> }],
        },
        {
          element: <RequireAuth />,
          children: [
            { path: "/dashboard", element: <p>dashboard page</p> },
            { path: "/settings", element: <p>settings page</p> },
          ],
        },
      ],
      "/settings",
    );
    expect(router.location()).toBe("/auth/login");
    // The session appears (password or second factor) and the guard alone moves on (no race).
    await act(async () => {
      await session.signIn({ email: "c@example.com", password: "secret123" });
    });
    expect(router.location()).toBe("/settings");
    expect(screen.getByText("settings page")).toBeTruthy();
  });

  it("never takes a signed-in user from /auth back to an /auth page", async () => {
    await signedInAs(false);
    const router = renderRoutes(
      [
        {
          element: <PublicOnly />,
          children: [{ path: "/auth/login", element: <p>login page</p> }],
        },
        { path: "/dashboard", element: <p>dashboard page</p> },
      ],
      { pathname: "/auth/login", state: { from: "/auth/register" } },
    );
    expect(router.location()).toBe("/dashboard");
  });

  it("shows nothing while the session is restored from the cookie, then decides (SPEC §4 loading)", async () => {
    session.reset();
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal("fetch", () => new Promise<Response>((resolve) => (answer = resolve)));
    session.start();
    const router = renderAt("/dashboard");
    // Not sent to the login page while the cookie exchange is under way.
    expect(router.location()).toBe("/dashboard");
    expect(screen.queryByText("dashboard page")).toBeNull();
    await act(async () => {
      answer(json(200, fakeSession(false)));
      await session.ready();
    });
    expect(screen.getByText("dashboard page")).toBeTruthy();
  });
});
