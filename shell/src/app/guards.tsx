import { Navigate, Outlet, useLocation } from "@hosting-portal/router";
import { EmptyState, Link, Page, useSession, useSessionLoading } from "@hosting-portal/shared-ui";

/** SPEC §6: visitors on guarded pages go to /auth/login (and come back after signing in). */
export function RequireAuth() {
  const session = useSession();
  const loading = useSessionLoading();
  const location = useLocation();
  // SPEC §4: 'loading at start' while the refresh cookie is exchanged; nothing to show yet.
  if (loading) return null;
  // With its query: an invitation link (/settings?invitation=...) must survive the sign-in.
  if (!session)
    return (
      <Navigate to="/auth/login" replace state={{ from: location.pathname + location.search }} />
    );
  return <Outlet />;
}

/**
 * SPEC §6: non-admins on admin pages go to /dashboard. The API enforces this for real. An admin
 * who must first set up a second factor (production) is led to Settings instead of admin pages
 * that would only answer 403.
 */
export function RequireAdmin() {
  const session = useSession();
  if (!session?.user.is_admin) return <Navigate to="/dashboard" replace />;
  if (session.admin_mfa_setup_required) {
    return (
      <Page>
        <EmptyState
          title="Two-factor verification required"
          description="Administrators need two-factor verification. Set up an authenticator app or a passkey, then come back to this page."
          action={<Link href="/settings">Set up two-factor verification</Link>}
        />
      </Page>
    );
  }
  return <Outlet />;
}

/** The guarded page RequireAuth sent the visitor away from, if any (never an /auth page). */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return null;
  if (from === "/" || from === "/auth" || from.startsWith("/auth/")) return null;
  return from;
}

/**
 * SPEC §2: /auth/* redirects to /dashboard when a session exists; SPEC §6: after signing in,
 * back to the page the visitor came from. This guard is the only place that moves a user who
 * just signed in (password or second factor): the sign-in page navigating as well raced with it,
 * and after the MFA step the guard's /dashboard won over the page's way back.
 */
export function PublicOnly() {
  const session = useSession();
  const loading = useSessionLoading();
  const location = useLocation();
  if (loading) return null;
  if (session) return <Navigate to={returnPath(location.state) ?? "/dashboard"} replace />;
  return <Outlet />;
}
