import { useSession } from "@hosting-portal/shared-ui";
import { Navigate, Outlet, useLocation } from "react-router-dom";

/** SPEC §6: visitors on guarded pages go to /auth/login (and come back after signing in). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** SPEC §6: non-admins on admin pages go to /dashboard. The API enforces this for real. */
export function RequireAdmin() {
  const session = useSession();
  if (!session?.user.is_admin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** SPEC §2: /auth/* redirects to /dashboard when a session exists. */
export function PublicOnly() {
  const session = useSession();
  if (session) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
