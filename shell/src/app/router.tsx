import { PortalProviders } from "@hosting-portal/shared-ui";
import { lazy } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router-dom";
import { AuthLayout } from "../features/auth/components/auth-layout";
import { AppLayout } from "../features/layout/components/app-layout";
import { NotFoundFrame, NotFoundPage } from "../features/not-found/not-found-page";
import { RemotePage } from "../features/remotes/remote-page";
import { PublicOnly, RequireAdmin, RequireAuth } from "./guards";
import { remoteRoutes } from "./routes";

// Visitors only: kept out of the signed-in user's initial JS.
const LoginPage = lazy(() => import("../features/auth/components/login-page"));
const RegisterPage = lazy(() => import("../features/auth/components/register-page"));

function Root() {
  return (
    <PortalProviders>
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
            children: [
              { index: true, element: <Navigate to="/auth/login" replace /> },
              { path: "login", element: <LoginPage /> },
              { path: "register", element: <RegisterPage /> },
            ],
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
