import { Outlet } from "@hosting-portal/router";
import { LanguageMenu } from "../../i18n/language-menu";
import { languageCorner } from "../../i18n/language-menu.css";
import * as styles from "./auth-layout.css";

/** SPEC §2: /auth pages have no top bar and no side navigation. */
export function AuthLayout() {
  return (
    <div className={styles.page}>
      <div className={styles.column}>
        <div className={languageCorner}>
          <LanguageMenu />
        </div>
        {/* The product's name, in every language (and left alone by page translators). */}
        <div className={styles.brand} translate="no">
          <span className={styles.brandMark} aria-hidden="true">
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 4h16v6H4zM4 14h16v6H4z" />
            </svg>
          </span>
          Hosting Portal
        </div>
        {/* No Suspense here: a page shows once its code is here (app/auth-pages.tsx). */}
        <Outlet />
      </div>
    </div>
  );
}
