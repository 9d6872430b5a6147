import { Outlet } from "@hosting-portal/router";
import { Link, useSession } from "@hosting-portal/shared-ui";
import { useT } from "../../i18n";
import { AppLayout } from "../layout/components/app-layout";
import * as styles from "./not-found-page.css";

/** SPEC §2: unknown paths. */
export function NotFoundPage() {
  const t = useT();
  return (
    <div className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{t("notFound.title")}</h1>
      <Link href="/">{t("notFound.home")}</Link>
    </div>
  );
}

/** A signed-in user keeps the top bar and navigation around the 404; a visitor sees it alone. */
export function NotFoundFrame() {
  if (useSession()) return <AppLayout />;
  return (
    <main className={styles.standalone}>
      <Outlet />
    </main>
  );
}
