import { useNavigate } from "@hosting-portal/router";
import {
  formatEur,
  Menu,
  MenuItem,
  MenuSeparator,
  session,
  useProfile,
  useTheme,
  useUser,
} from "@hosting-portal/shared-ui";
import { Button as AriaButton } from "react-aria-components";
import { preloadAuthPage } from "../../../app/auth-pages";
import { useT } from "../../../i18n";
import { AccountSwitcher } from "../../accounts/account-switcher";
import { LanguageMenu } from "../../i18n/language-menu";
import * as styles from "./app-layout.css";
import { Icon } from "./icons";
import { NAV_DRAWER_ID } from "./side-nav";

/**
 * SPEC §2 top bar: balance, greeting and the user menu (Settings, theme, Logout). Under 1024 px
 * it also holds the button that opens the navigation drawer, and on phones the greeting is
 * shortened to "Hi, name".
 */
export function TopBar({ navOpen, onOpenNav }: { navOpen: boolean; onOpenNav: () => void }) {
  const user = useUser();
  const { data: profile } = useProfile();
  const { theme, toggle } = useTheme();
  const navigate = useNavigate();
  const t = useT();
  const username = profile?.username || user?.username || "User";

  const onAction = async (key: React.Key) => {
    if (key === "settings") navigate("/settings");
    else if (key === "theme") toggle();
    else if (key === "logout") {
      // Signed out, the guard's redirect shows the sign-in page at once only if its code is here:
      // otherwise the frame shows alone until it arrives. A failed load is the page's to show.
      await preloadAuthPage("/auth/login").catch(() => undefined);
      await session.signOut();
      navigate("/auth/login", { replace: true });
    }
  };

  return (
    <header className={styles.topbar}>
      <AriaButton
        className={styles.menuButton}
        aria-label={t("topbar.openNav")}
        aria-expanded={navOpen}
        aria-controls={navOpen ? NAV_DRAWER_ID : undefined}
        onPress={onOpenNav}
      >
        <Icon name="menu" size={22} />
      </AriaButton>
      <span className={styles.balance} data-testid="balance" title={t("topbar.balance")}>
        <Icon name="wallet" size={16} />
        {formatEur(profile?.credits)}
      </span>
      <span className={styles.welcome} data-testid="welcome">
        {t("topbar.welcome", { name: username })}
      </span>
      <span className={styles.welcomeShort} title={t("topbar.welcome", { name: username })}>
        {t("topbar.hi", { name: username })}
      </span>
      <AccountSwitcher />
      <LanguageMenu />
      <Menu
        aria-label={t("topbar.userMenu")}
        onAction={onAction}
        trigger={
          <AriaButton className={styles.userButton} aria-label={t("topbar.userMenu")}>
            <span className={styles.avatar} aria-hidden="true">
              {username.slice(0, 1)}
            </span>
            <Icon name="chevronDown" size={14} />
          </AriaButton>
        }
      >
        <MenuItem id="settings" textValue={t("topbar.settings")}>
          <Icon name="settings" size={16} /> {t("topbar.settings")}
        </MenuItem>
        <MenuItem
          id="theme"
          textValue={theme === "dark" ? t("topbar.lightTheme") : t("topbar.darkTheme")}
        >
          <Icon name={theme === "dark" ? "sun" : "moon"} size={16} />
          {theme === "dark" ? t("topbar.lightTheme") : t("topbar.darkTheme")}
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="logout" textValue={t("topbar.logout")}>
          <Icon name="logout" size={16} /> {t("topbar.logout")}
        </MenuItem>
      </Menu>
    </header>
  );
}
