import { UserResponse } from "@contracts/auth.ts";
import { Outlet, useLocation, useNavigate } from "@hosting-portal/router";
import { api, queryKeys, Skeleton, session, useUserEvents } from "@hosting-portal/shared-ui";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { useT } from "../../../i18n";
import { SuspendedAccountBanner } from "../../accounts/suspended-account-banner";
import { VerifyEmailBanner } from "../../email-verification/verify-email-banner";
import { useProfileLocale } from "../../i18n/profile-locale";
import { useInactivitySignOut } from "../../inactivity/use-inactivity-sign-out";
import { RemoteBoundary } from "../../remotes/remote-boundary";
import * as styles from "./app-layout.css";
import { NavDrawer, SideNav } from "./side-nav";
import { TopBar } from "./top-bar";

function PageFallback() {
  const t = useT();
  return (
    <div
      className={styles.pageFallback}
      role="status"
      aria-busy="true"
      aria-label={t("layout.loadingPage")}
    >
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

const WIDE = "(min-width: 1024px)";

/** The navigation drawer's state: closed on every route change and when the screen widens. */
function useNavDrawer(pathname: string) {
  const [open, setOpen] = useState(false);
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    // A route change closes the drawer (set during render: no frame with it still open).
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const mq = matchMedia(WIDE);
    const onChange = () => {
      if (mq.matches) setOpen(false);
    };
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);
  return [open, setOpen] as const;
}

/**
 * Top bar + side navigation around every signed-in page (SPEC §2): pinned from 1024 px wide,
 * a drawer opened from the top bar below that.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  useCurrentUser();
  useUserEvents();
  useProfileLocale();
  useInactivitySignOut(() => {
    // The API clears the refresh cookie first, so the login page cannot restore the session.
    void session.signOut().then(() => navigate("/auth/login", { replace: true }));
  });

  const [navOpen, setNavOpen] = useNavDrawer(pathname);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t("layout.skip")}
      </a>
      <SideNav />
      <NavDrawer isOpen={navOpen} onOpenChange={setNavOpen} />
      <div className={styles.main}>
        <TopBar navOpen={navOpen} onOpenNav={() => setNavOpen(true)} />
        <SuspendedAccountBanner />
        <VerifyEmailBanner />
        <main className={styles.content} id="main" tabIndex={-1}>
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
