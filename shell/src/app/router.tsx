import {
  BrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useHref,
  useLocation,
  useRoutes,
} from "@hosting-portal/router";
import { PortalProviders } from "@hosting-portal/shared-ui";
import { AuthLayout } from "../features/auth/components/auth-layout";
import { AppLayout } from "../features/layout/components/app-layout";
import { NotFoundFrame, NotFoundPage } from "../features/not-found/not-found-page";
import { RemotePage } from "../features/remotes/remote-page";
import { AuthPage, type AuthPagePath, useLoadingNavigate } from "./auth-pages";
import { PublicOnly, RequireAdmin, RequireAuth } from "./guards";
import { PortalNavigateContext } from "./navigation";
import { RouteErrorBoundary } from "./route-error-boundary";
import { remoteRoutes } from "./routes";

/*
 * Declarative routing (useRoutes): the data router (createBrowserRouter, route `lazy`) was 18 KB
 * of gzip more in the router share, on every page. The visitors' pages load their code as the
 * data router's `lazy` did, before the URL changes (auth-pages.tsx).
 */

function Root() {
  const navigate = useLoadingNavigate();
  return (
    <PortalNavigateContext value={navigate}>
      <PortalProviders navigate={navigate} useHref={useHref}>
        <Outlet />
      </PortalProviders>
    </PortalNavigateContext>
  );
}

const page = (r: (typeof remoteRoutes)[number]): RouteObject => ({
  path: r.path,
  element: <RemotePage route={r} />,
});

// Keyed: one page's state (a failed load) is not another's.
const authPage = (path: AuthPagePath): RouteObject => ({
  path: path.slice("/auth/".length),
  element: <AuthPage key={path} path={path} />,
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
            // The frame shows while a page's code loads (AuthLayout's Suspense).
            element: <AuthLayout />,
            children: [
              { index: true, element: <Navigate to="/auth/login" replace /> },
              authPage("/auth/login"),
              authPage("/auth/register"),
              authPage("/auth/forgot-password"),
            ],
          },
        ],
      },
      {
        // Links from mails open these signed in or not (PublicOnly would send a
        // signed-in user to /dashboard before the link's token was used).
        path: "/auth",
        element: <AuthLayout />,
        children: [authPage("/auth/reset-password"), authPage("/auth/verify-email")],
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

/** The routes at the current location; an error no page caught shows instead of the page. */
export function PortalRoutes() {
  const { key } = useLocation();
  return <RouteErrorBoundary location={key}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/** The portal in the browser's location (main.tsx). */
export function PortalRouter() {
  return (
    <BrowserRouter>
      <PortalRoutes />
    </BrowserRouter>
  );
}
