import { NavLink, useLocation } from "@hosting-portal/router";
import { Disclosure, shortId, useMyServices, useUser } from "@hosting-portal/shared-ui";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { useT } from "../../../i18n";
import * as styles from "./app-layout.css";
import { Icon, type IconName } from "./icons";

/** Called when a link in the navigation is followed (the drawer closes, even on its own page). */
type OnNavigate = (() => void) | undefined;

function Item({
  to,
  icon,
  label,
  onNavigate,
}: {
  to: string;
  icon: IconName;
  label: string;
  onNavigate: OnNavigate;
}) {
  return (
    <NavLink to={to} className={styles.navItem} onClick={onNavigate}>
      <Icon name={icon} />
      {label}
    </NavLink>
  );
}

/**
 * SPEC §2 'My Services': a green dot for an active service, red for any other state (SPEC §4:
 * only active versus not active); screen readers hear the state itself. Terminated services are
 * left out: they no longer exist at the provider and stay on the dashboard as history.
 */
function MyServices({ onNavigate }: { onNavigate: OnNavigate }) {
  const t = useT();
  const { data, isPending, isError } = useMyServices();
  if (isPending) return <span className={styles.navEmpty}>{t("nav.loading")}</span>;
  if (isError) return <span className={styles.navEmpty}>{t("nav.servicesUnavailable")}</span>;
  const services = data.filter((s) => s.service_status !== "terminated");
  if (services.length === 0) return <span className={styles.navEmpty}>{t("nav.noServices")}</span>;
  return (
    <>
      {services.map((s) => (
        <NavLink key={s.id} to={`/service/${s.id}`} className={styles.subItem} onClick={onNavigate}>
          <span
            className={`${styles.dot} ${s.service_status === "active" ? styles.dotActive : styles.dotInactive}`}
            data-status={s.service_status === "active" ? "active" : "inactive"}
            aria-hidden="true"
          />
          {`${s.service_type.toUpperCase()}-${shortId(s.id)}`}
          <span className="sr-only">{` (${t(`status.${s.service_status}`)})`}</span>
        </NavLink>
      ))}
    </>
  );
}

/** The brand and the SPEC §2 navigation; the ADMIN section only for admins (SPEC §6). */
function NavContent({ onNavigate }: { onNavigate: OnNavigate }) {
  const user = useUser();
  const { pathname } = useLocation();
  const t = useT();
  return (
    <>
      <NavLink to="/dashboard" className={styles.brand} onClick={onNavigate}>
        <span className={styles.brandMark} aria-hidden="true">
          <Icon name="server" size={16} />
        </span>
        Hosting Portal
      </NavLink>
      <nav className={styles.nav} aria-label={t("nav.main")}>
        <Item to="/dashboard" icon="dashboard" label={t("nav.dashboard")} onNavigate={onNavigate} />
        <Item to="/orders" icon="orders" label={t("nav.orders")} onNavigate={onNavigate} />
        <Item to="/settings" icon="settings" label={t("nav.settings")} onNavigate={onNavigate} />
        <Item
          to="/charge-credits"
          icon="credits"
          label={t("nav.chargeCredits")}
          onNavigate={onNavigate}
        />
        <Item
          to="/transactions"
          icon="transactions"
          label={t("nav.transactions")}
          onNavigate={onNavigate}
        />
        <Item to="/support" icon="clipboard" label={t("nav.support")} onNavigate={onNavigate} />
        <Disclosure
          title={t("nav.products")}
          icon={<Icon name="products" />}
          triggerClassName={styles.navTrigger}
          defaultExpanded={pathname.startsWith("/products")}
        >
          <div className={styles.subNav}>
            <NavLink to="/products/vps" className={styles.navItem} onClick={onNavigate}>
              {t("nav.vps")}
            </NavLink>
            <NavLink to="/products/dedicated" className={styles.navItem} onClick={onNavigate}>
              {t("nav.dedicated")}
            </NavLink>
          </div>
        </Disclosure>
        <Disclosure
          title={t("nav.myServices")}
          icon={<Icon name="services" />}
          triggerClassName={styles.navTrigger}
          defaultExpanded
        >
          <div className={styles.subNav}>
            <MyServices onNavigate={onNavigate} />
          </div>
        </Disclosure>
        {user?.is_admin && (
          <>
            <div className={styles.navSection} role="presentation">
              {t("nav.admin")}
            </div>
            <Item
              to="/admin/users"
              icon="users"
              label={t("nav.manageUsers")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/services"
              icon="server"
              label={t("nav.manageServices")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/products"
              icon="box"
              label={t("nav.manageProducts")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/orders"
              icon="clipboard"
              label={t("nav.manageOrders")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/invoices"
              icon="wallet"
              label={t("nav.invoices")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/audit"
              icon="transactions"
              label={t("nav.audit")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/mail-outbox"
              icon="clipboard"
              label={t("nav.mailOutbox")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/provider"
              icon="server"
              label={t("nav.provider")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/payments"
              icon="wallet"
              label={t("nav.payments")}
              onNavigate={onNavigate}
            />
            <Item
              to="/admin/support"
              icon="clipboard"
              label={t("nav.supportQueue")}
              onNavigate={onNavigate}
            />
          </>
        )}
      </nav>
    </>
  );
}

/** SPEC §2 side navigation, pinned at the left from 1024 px wide (hidden below: see NavDrawer). */
export function SideNav() {
  return (
    <aside className={styles.sidebar}>
      <NavContent onNavigate={undefined} />
    </aside>
  );
}

export const NAV_DRAWER_ID = "nav-drawer";

/**
 * The same navigation as a modal drawer under 1024 px, opened from the top bar's menu button:
 * focus moves into it and stays there, Escape or a tap outside closes it and focus returns to
 * the menu button; following a link closes it.
 */
export function NavDrawer({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  return (
    <ModalOverlay
      className={styles.drawerOverlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal className={styles.drawer}>
        <Dialog id={NAV_DRAWER_ID} aria-label={t("nav.navigation")} className={styles.drawerDialog}>
          {({ close }) => (
            <>
              <button
                type="button"
                className={styles.drawerClose}
                aria-label={t("nav.close")}
                onClick={close}
              >
                <Icon name="close" size={20} />
              </button>
              <NavContent onNavigate={close} />
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
