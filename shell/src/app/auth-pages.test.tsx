import { MemoryRouter, useLocation, useNavigate, useRoutes } from "@hosting-portal/router";
import { session } from "@hosting-portal/shared-ui";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLoadingNavigate } from "./auth-pages";
import { routes } from "./router";

/*
 * Held-back code: these pages' modules arrive only when the test lets them, like chunks on a
 * slow connection. The register page is the real one.
 */
const held = vi.hoisted(() => {
  const gate = () => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  return { login: gate(), forgot: gate(), verify: gate() };
});
vi.mock("../features/auth/components/login-page", async () => {
  await held.login.promise;
  return { default: () => <h1>Sign-in page</h1> };
});
vi.mock("../features/account-recovery/forgot-password-page", async () => {
  await held.forgot.promise;
  return { default: () => <h1>Forgot-password page</h1> };
});
vi.mock("../features/email-verification/verify-email-page", async () => {
  await held.verify.promise;
  return { default: () => <h1>Verify-email page</h1> };
});

// The signed-in pages' remotes are not part of this (their loader needs a federation runtime).
vi.mock("../features/remotes/load-remote", () => ({ resetRemote: () => {} }));
vi.mock("../features/remotes/remote-page", () => ({
  RemotePage: () => null,
  forgetRemotePages: () => {},
}));

const registerForm = () => screen.queryByRole("heading", { name: "Create an account" });

/**
 * The shell's routes at `path`, with React Router's own navigate (what back/forward and
 * <Navigate> redirects do: no waiting) and the portal's loading one beside them.
 */
function renderAt(path: string) {
  const probe = {
    pathname: "",
    navigate: (_to: string) => {},
    portalNavigate: (_to: string) => Promise.resolve(),
  };
  function Routed() {
    probe.pathname = useLocation().pathname;
    const navigate = useNavigate();
    const portalNavigate = useLoadingNavigate();
    probe.navigate = (to) => void navigate(to);
    probe.portalNavigate = portalNavigate;
    return useRoutes(routes);
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routed />
    </MemoryRouter>,
  );
  return probe;
}

/** A few rounds of promises and timers: what the code must not use to change the page. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

beforeEach(async () => {
  // A visitor: the refresh cookie exchange answers 401.
  session.reset();
  vi.stubGlobal(
    "fetch",
    async () =>
      new Response(JSON.stringify({ error: { code: "session_expired", message: "Expired" } }), {
        status: 401,
        headers: { "content-type": "application/json" },
      }),
  );
  session.start();
  await session.ready();
});

afterEach(() => {
  session.reset();
  vi.unstubAllGlobals();
});

describe("the visitors' pages and their URL", () => {
  it("a link keeps the page and its URL until the next page's code is here, then shows that page", async () => {
    const at = renderAt("/auth/register");
    await screen.findByRole("heading", { name: "Create an account" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Username"), "typed");

    await user.click(screen.getByRole("link", { name: "Sign in" }));
    await settle();
    // The sign-in page's code is held back: the register form stays, under its own URL.
    expect(at.pathname).toBe("/auth/register");
    expect(registerForm()).not.toBeNull();
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("typed");

    await act(async () => held.login.resolve());
    await screen.findByRole("heading", { name: "Sign-in page" });
    expect(at.pathname).toBe("/auth/login");
    expect(registerForm()).toBeNull();
  });

  it("a navigation that does not wait (back, a redirect) shows the frame without a page, not the previous page", async () => {
    const at = renderAt("/auth/register");
    await screen.findByRole("heading", { name: "Create an account" });

    act(() => at.navigate("/auth/forgot-password"));
    await settle();
    expect(at.pathname).toBe("/auth/forgot-password");
    expect(registerForm()).toBeNull();
    // The frame (what the data router's hydrateFallbackElement showed on a first visit).
    expect(screen.getByText("Hosting Portal")).toBeTruthy();

    await act(async () => held.forgot.resolve());
    await screen.findByRole("heading", { name: "Forgot-password page" });
  });

  it("a later navigation wins over one still waiting for its page's code", async () => {
    const at = renderAt("/auth/register");
    await screen.findByRole("heading", { name: "Create an account" });

    let waited = false;
    void at.portalNavigate("/auth/verify-email").then(() => {
      waited = true;
    });
    await settle();
    expect(at.pathname).toBe("/auth/register");
    act(() => at.navigate("/auth/register?again"));
    await act(async () => held.verify.resolve());
    await waitFor(() => expect(waited).toBe(true));
    expect(at.pathname).toBe("/auth/register");
    expect(registerForm()).not.toBeNull();
  });
});
