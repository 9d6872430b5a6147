import {
  api,
  type Locale,
  locales,
  Menu,
  MenuItem,
  queryClient,
  queryKeys,
  setLocale,
  toast,
  useLocale,
  useSession,
} from "@hosting-portal/shared-ui";
import { Button as AriaButton } from "react-aria-components";
import { useT } from "../../i18n";
import { Icon } from "../layout/components/icons";
import * as styles from "./language-menu.css";
import { visitorChoice } from "./profile-locale";

/** A language's name in itself ("Deutsch", "Français"): the same in every language's menu. */
export function languageName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: "language" }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * The language menu of the top bar and the sign-in pages. A signed-in user's choice is saved to
 * the profile (it is what mails and documents follow too); a visitor's is kept on this device
 * and saved to the profile once signed in, unless the profile already names a language.
 */
export function LanguageMenu() {
  const t = useT();
  const locale = useLocale();
  const signedIn = useSession() !== null;

  const choose = async (key: React.Key) => {
    const next = String(key) as Locale;
    if (!(locales as readonly string[]).includes(next) || next === locale) return;
    await setLocale(next);
    if (!signedIn) {
      visitorChoice.choiceBeforeSignIn = true;
      return;
    }
    try {
      await api.put("/api/account/locale", { locale: next });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.profile });
    } catch {
      toast.error(t("error"), t("language.saveFailed"));
    }
  };

  return (
    <Menu
      aria-label={t("language.menu")}
      onAction={choose}
      selectionMode="single"
      selectedKeys={[locale]}
      trigger={
        // Named by its content, so the name always holds what is shown: the language's name on
        // wide screens, its code on phones (an aria-label could not follow the CSS switch).
        <AriaButton className={styles.button}>
          <Icon name="globe" size={16} />
          <span className={styles.hiddenLabel}>{`${t("language.menu")}: `}</span>
          <span className={styles.name}>{languageName(locale)}</span>
          <span className={styles.code}>{locale}</span>
        </AriaButton>
      }
    >
      {locales.map((l) => (
        <MenuItem key={l} id={l} textValue={languageName(l)} lang={l}>
          {languageName(l)}
        </MenuItem>
      ))}
    </Menu>
  );
}
