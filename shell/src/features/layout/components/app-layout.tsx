import { UserResponse } from "@contracts/auth.ts";
import { api, queryKeys, Skeleton, session, useUserEvents } from "@hosting-portal/shared-ui";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { useInactivitySignOut } from "../../inactivity/use-inactivity-sign-out";
import { RemoteBoundary } from "../../remotes/remote-boundary";
import * as styles from "./app-layout.css";
import { SideNav } from "./side-nav";
import { TopBar } from "./top-bar";

function PageFallback() {
  return (
    <div className={styles.pageFallback} role="status" aria-busy="true" aria-label="Loading page">
      <Skeleton width="240px" height="32px" />
      <Skeleton height="18px" width="60%" />
      <Skeleton height="220px" />
    </div>
  );
}

/**
 * SPEC §4: on start, the stored session is checked against the API; the user record (and
 * with it is_admin) is refreshed. A rejected session ends in the API client (sign-out).
 */
function useCurrentUser() {
  const { data } = useQuery({
    queryKey: queryKeys.auth.user,
    queryFn: ({ signal }) => api.get("/api/auth/user", UserResponse, { signal }),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (data) session.updateUser(data.user);
  }, [data]);
}

/** Top bar + fixed side navigation around every signed-in page (SPEC §2). */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useCurrentUser();
  useUserEvents();
  useInactivitySignOut(() => {
    void session.signOut();
    navigate("/auth/login", { replace: true });
  });

  return (
    <div className={styles.shell}>
      <SideNav />
      <div className={styles.main}>
        <TopBar />
        <main className={styles.content} id="main">
          <RemoteBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </RemoteBoundary>
        </main>
      </div>
    </div>
  );
}
