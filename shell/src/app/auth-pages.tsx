import { type NavigateOptions, useLocation, useNavigate } from "@hosting-portal/router";
import {
  type ComponentType,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import type { PortalNavigate } from "./navigation";

/*
 * The visitors' pages, each in a chunk of its own, kept out of the signed-in user's initial JS.
 *
 * The page on screen must always belong to the URL. React Router's updates are transitions, and a
 * transition keeps what is on screen while the new content suspends: with React.lazy under one
 * Suspense, /auth/register -> /auth/login changed the URL at once but kept the register form
 * (whose Email and Password fields look like the sign-in form's) until the chunk arrived, then
 * swapped in an empty sign-in form, and what the user had typed meanwhile was gone. Two rules
 * keep it from happening (the data router's route `lazy` did the first):
 *
 * - The portal's navigations (links and menus through PortalProviders, the pages'
 *   usePortalNavigate) load the target page's code first and change the URL after: the current
 *   page stays with its URL meanwhile, and a form that navigates on success stays pending until
 *   the next page can show.
 * - An auth page does not suspend while its code loads: it shows nothing inside the frame
 *   until the code is here. A navigation that did not wait (back and forward, a <Navigate>
 *   redirect, the first page of a visit) therefore shows the frame without a page meanwhile
 *   (what the data router's hydrateFallbackElement showed on a first visit), never the previous
 *   page under the new URL, which a suspending page in a transition would keep on screen.
 */
const pages = {
  "/auth/login": () => import("../features/auth/components/login-page"),
  "/auth/register": () => import("../features/auth/components/register-page"),
  "/auth/forgot-password": () => import("../features/account-recovery/forgot-password-page"),
  "/auth/reset-password": () => import("../features/account-recovery/reset-password-page"),
  "/auth/verify-email": () => import("../features/email-verification/verify-email-page"),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type AuthPagePath = keyof typeof pages;

const loaded = new Map<AuthPagePath, ComponentType>();
// A failed load stays failed (the page's error shows) until the page is reloaded, as with the
// router's `lazy`.
const loading = new Map<AuthPagePath, Promise<ComponentType>>();

function loadAuthPage(path: AuthPagePath): Promise<ComponentType> {
  let load = loading.get(path);
  if (!load) {
    load = pages[path]().then((m) => {
      loaded.set(path, m.default);
      return m.default;
    });
    loading.set(path, load);
  }
  return load;
}

/**
 * Loads a visitor page's code ahead of a change that will show it without a navigation of the
 * portal's (signing out: the guard's redirect does not wait), so it comes with its frame.
 */
export function preloadAuthPage(path: AuthPagePath): Promise<void> {
  return loadAuthPage(path).then(() => undefined);
}

const authPageAt = (to: string): AuthPagePath | undefined => {
  const pathname = to.split(/[?#]/, 1)[0] ?? "";
  return pathname in pages ? (pathname as AuthPagePath) : undefined;
};

/** The page at `path`, or nothing (the frame alone) until its code is here. */
export function AuthPage({ path }: { path: AuthPagePath }) {
  const Page = loaded.get(path);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const [, setArrived] = useState(false);
  useEffect(() => {
    if (Page) return;
    loadAuthPage(path).then(
      () => setArrived(true),
      (error: unknown) => setFailed({ error }),
    );
  }, [Page, path]);
  // The route's error boundary shows it, as the data router did when `lazy` failed.
  if (failed) throw failed.error;
  return Page ? <Page /> : null;
}

// The latest navigation started through useLoadingNavigate's function.
let latestNavigation = 0;

/**
 * React Router's navigate that loads an auth page's code before the URL changes (above), and
 * resolves once the navigation is made. A navigation started later (a second click, the back
 * button) wins over one still waiting for its code, as with links followed at once. The function
 * stays the same from render to render, as the data router's navigate did.
 */
export function useLoadingNavigate(): PortalNavigate {
  const navigate = useNavigate();
  const { key } = useLocation();
  const shown = useRef({ key, navigate });
  useLayoutEffect(() => {
    shown.current = { key, navigate };
  }, [key, navigate]);
  return useCallback(async (to: string, options?: NavigateOptions) => {
    latestNavigation += 1;
    const id = latestNavigation;
    const from = shown.current.key;
    const page = authPageAt(to);
    // Navigated to even when its code failed to load: the error shows there.
    if (page) await loadAuthPage(page).catch(() => undefined);
    if (id !== latestNavigation || from !== shown.current.key) return;
    await shown.current.navigate(to, options);
  }, []);
}
