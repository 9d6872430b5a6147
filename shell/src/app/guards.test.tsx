import type { Session } from "@contracts/auth.ts";
import { session } from "@hosting-portal/shared-ui";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { PublicOnly, RequireAdmin, RequireAuth } from "./guards";

const now = () => Math.floor(Date.now() / 1000);

function fakeSession(isAdmin: boolean): Session {
  return {
    access_token: "a",
    refresh_token: "r",
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

function signedInAs(isAdmin: boolean | null) {
  session.reset();
  if (isAdmin !== null)
    localStorage.setItem("portal:session", JSON.stringify(fakeSession(isAdmin)));
  session.start();
}

function renderAt(path: string) {
  const router = createMemoryRouter(
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
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => session.reset());

describe("guards (SPEC §6)", () => {
  it("sends visitors on guarded pages to /auth/login", () => {
    signedInAs(null);
    const router = renderAt("/dashboard");
    expect(screen.getByText("login page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/auth/login");
  });

  it("sends non-admins on admin pages to /dashboard", () => {
    signedInAs(false);
    const router = renderAt("/admin/users");
    expect(screen.getByText("dashboard page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("lets admins into admin pages", () => {
    signedInAs(true);
    renderAt("/admin/users");
    expect(screen.getByText("admin page")).toBeTruthy();
  });

  it("sends signed-in users away from /auth pages", () => {
    signedInAs(false);
    const router = renderAt("/auth/register");
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("sends a user who signs in back to the guarded page they came from (SPEC §6)", async () => {
    signedInAs(null);
    const router = createMemoryRouter(
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
      { initialEntries: ["/settings"] },
    );
    render(<RouterProvider router={router} />);
    expect(router.state.location.pathname).toBe("/auth/login");
    // Issue 23: the session appears (password or second factor) and the guard alone moves on.
    localStorage.setItem("portal:session", JSON.stringify(fakeSession(false)));
    await act(async () => window.dispatchEvent(new StorageEvent("storage", { key: null })));
    expect(router.state.location.pathname).toBe("/settings");
    expect(screen.getByText("settings page")).toBeTruthy();
  });

  it("never takes a signed-in user from /auth back to an /auth page", () => {
    signedInAs(false);
    const router = createMemoryRouter(
      [
        {
          element: <PublicOnly />,
          children: [{ path: "/auth/login", element: <p>login page</p> }],
        },
        { path: "/dashboard", element: <p>dashboard page</p> },
      ],
      { initialEntries: [{ pathname: "/auth/login", state: { from: "/auth/register" } }] },
    );
    render(<RouterProvider router={router} />);
    expect(router.state.location.pathname).toBe("/dashboard");
  });

  it("drops a session that was not remembered once the browser was closed", () => {
    session.reset();
    // biome-ignore lint/suspicious/noDocumentCookie: test removes the browser-session marker.
    document.cookie = "portal_browser_session=; Max-Age=0; path=/";
    localStorage.setItem(
      "portal:session",
      JSON.stringify({ ...fakeSession(false), remember: false }),
    );
    session.start();
    expect(session.getSession()).toBeNull();
    const router = renderAt("/dashboard");
    expect(router.state.location.pathname).toBe("/auth/login");
  });
});
