import { useNavigate } from "@hosting-portal/router";
import { api, Menu, MenuItem, queryClient, toast, useMemberships } from "@hosting-portal/shared-ui";
import { Button as AriaButton } from "react-aria-components";
import { messages, useT } from "../../i18n";
import { Icon } from "../layout/components/icons";
import * as styles from "./account-switcher.css";

/**
 * The top bar's account switcher, shown to a person who belongs to more than one account: the
 * session then acts on the chosen account (its balance, services, orders), and every page reads
 * its data again.
 */
export function AccountSwitcher() {
  const t = useT();
  const navigate = useNavigate();
  const accounts = useMemberships();
  const list = accounts.data ?? [];
  if (list.length < 2) return null;
  const active = list.find((a) => a.active);

  const choose = async (key: React.Key) => {
    const id = String(key);
    if (id === active?.id) return;
    try {
      await api.post("/api/account/accounts/switch", { account_id: id });
    } catch {
      toast.error(messages.t("error"), messages.t("accounts.switchFailed"));
      return;
    }
    navigate("/dashboard");
    // Everything cached was the other account's: dropped and read again for this one.
    await queryClient.resetQueries();
  };

  return (
    <Menu
      aria-label={t("accounts.menu")}
      onAction={choose}
      selectionMode="single"
      selectedKeys={active ? [active.id] : []}
      trigger={
        <AriaButton
          className={styles.button}
          aria-label={t("accounts.current", { name: active?.name ?? t("accounts.none") })}
          data-testid="account-switcher"
        >
          <Icon name="users" size={16} />
          <span className={styles.name} translate={active ? "no" : undefined}>
            {active?.name ?? t("accounts.choose")}
          </span>
          <Icon name="chevronDown" size={14} />
        </AriaButton>
      }
    >
      {list.map((a) => (
        <MenuItem key={a.id} id={a.id} textValue={a.name}>
          {t("accounts.item", { name: a.name, role: t(`accounts.role.${a.role}`) })}
        </MenuItem>
      ))}
    </Menu>
  );
}
