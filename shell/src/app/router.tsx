import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useHref,
  useNavigate,
} from "@hosting-portal/router";
import { PortalProviders } from "@hosting-portal/shared-ui";
import { AuthLayout } from "../features/auth/components/auth-layout";
import { AppLayout } from "../features/layout/components/app-layout";
import { NotFoundFrame, NotFoundPage } from "../features/not-found/not-found-page";
import { RemotePage } from "../features/remotes/remote-page";
import { PublicOnly, RequireAdmin, RequireAuth } from "./guards";
import { remoteRoutes } from "./routes";

/*
 * Visitors only: kept out of the signed-in user's initial JS. Loaded by the router (route
 * `lazy`), not by React.lazy under a Suspense in AuthLayout: the router fetches the
 * next page's code before it changes the URL, so the page on screen always belongs to the URL.
 * With React.lazy, /auth/register -> /auth/login changed the URL at once but (router updates
 * are transitions) React kept the register form, whose Email and Password fields look like the
 * sign-in form's, on screen until the chunk arrived and then swapped in an empty sign-in form:
 * what the user had typed meanwhile was gone.
 */
const authPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

function Root() {
  const navigate = useNavigate();
  return (
    <PortalProviders navigate={navigate} useHref={useHref}>
      <Outlet />
    </PortalProviders>
  );
}

const page = (r: (typeof remoteRoutes)[number]): RouteObject => ({
  path: r.path,
  element: <RemotePage id={r.id} />,
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: "/", element: <Navigate to="/dashboard" replace /> },
      {
        path: "/auth",
        element: <PublicOnly />,
        children: [
          {
            element: <AuthLayout />,
            // The frame while a first visit to /auth/* loads its page.
            hydrateFallbackElement: <AuthLayout />,
            children: [
              { index: true, element: <Navigate to="/auth/login" replace /> },
              {
                path: "login",
                lazy: authPage(() => import("../features/auth/components/login-page")),
              },
              {
                path: "register",
                lazy: authPage(() => import("../features/auth/components/register-page")),
              },
              {
                path: "forgot-password",
                lazy: authPage(() => import("../features/account-recovery/forgot-password-page")),
              },
            ],
          },
        ],
      },
      {
        // Links from mails open these signed in or not (PublicOnly would send a
        // signed-in user to /dashboard before the link's token was used).
        path: "/auth",
        element: <AuthLayout />,
        hydrateFallbackElement: <AuthLayout />,
        children: [
          {
            path: "reset-password",
            lazy: authPage(() => import("../features/account-recovery/reset-password-page")),
          },
          {
            path: "verify-email",
            lazy: authPage(() => import("../features/email-verification/verify-email-page")),
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              ...remoteRoutes.filter((r) => !r.admin).map(page),
              {
                element: <RequireAdmin />,
                children: remoteRoutes.filter((r) => r.admin).map(page),
              },
            ],
          },
        ],
      },
      { element: <NotFoundFrame />, children: [{ path: "*", element: <NotFoundPage /> }] },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
