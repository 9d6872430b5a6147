import { serviceStatusLabel } from "@contracts/services.ts";
import { NavLink, useLocation } from "@hosting-portal/router";
import { Disclosure, shortId, useMyServices, useUser } from "@hosting-portal/shared-ui";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
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
  const { data, isPending, isError } = useMyServices();
  if (isPending) return <span className={styles.navEmpty}>Loading…</span>;
  if (isError) return <span className={styles.navEmpty}>Services unavailable</span>;
  const services = data.filter((s) => s.service_status !== "terminated");
  if (services.length === 0) return <span className={styles.navEmpty}>No services yet</span>;
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
          <span className="sr-only">{` (${serviceStatusLabel[s.service_status]})`}</span>
        </NavLink>
      ))}
    </>
  );
}

/** The brand and the SPEC §2 navigation; the ADMIN section only for admins (SPEC §6). */
function NavContent({ onNavigate }: { onNavigate: OnNavigate }) {
  const user = useUser();
  const { pathname } = useLocation();
  return (
    <>
      <NavLink to="/dashboard" className={styles.brand} onClick={onNavigate}>
        <span className={styles.brandMark} aria-hidden="true">
          <Icon name="server" size={16} />
        </span>
        Hosting Portal
      </NavLink>
      <nav className={styles.nav} aria-label="Main">
        <Item to="/dashboard" icon="dashboard" label="Dashboard" onNavigate={onNavigate} />
        <Item to="/orders" icon="orders" label="Orders" onNavigate={onNavigate} />
        <Item to="/settings" icon="settings" label="Settings" onNavigate={onNavigate} />
        <Item to="/charge-credits" icon="credits" label="Charge Credits" onNavigate={onNavigate} />
        <Item to="/transactions" icon="transactions" label="Transactions" onNavigate={onNavigate} />
        <Item to="/support" icon="clipboard" label="Support" onNavigate={onNavigate} />
        <Disclosure
          title="Products"
          icon={<Icon name="products" />}
          triggerClassName={styles.navTrigger}
          defaultExpanded={pathname.startsWith("/products")}
        >
          <div className={styles.subNav}>
            <NavLink to="/products/vps" className={styles.navItem} onClick={onNavigate}>
              VPS
            </NavLink>
            <NavLink to="/products/dedicated" className={styles.navItem} onClick={onNavigate}>
              Dedicated
            </NavLink>
          </div>
        </Disclosure>
        <Disclosure
          title="My Services"
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
              ADMIN
            </div>
            <Item to="/admin/users" icon="users" label="Manage Users" onNavigate={onNavigate} />
            <Item
              to="/admin/services"
              icon="server"
              label="Manage Services"
              onNavigate={onNavigate}
            />
            <Item to="/admin/products" icon="box" label="Manage Products" onNavigate={onNavigate} />
            <Item
              to="/admin/orders"
              icon="clipboard"
              label="Manage Orders"
              onNavigate={onNavigate}
            />
            <Item to="/admin/invoices" icon="wallet" label="Invoices" onNavigate={onNavigate} />
            <Item to="/admin/audit" icon="transactions" label="Audit Log" onNavigate={onNavigate} />
            <Item
              to="/admin/mail-outbox"
              icon="clipboard"
              label="Mail Outbox"
              onNavigate={onNavigate}
            />
            <Item to="/admin/provider" icon="server" label="Provider" onNavigate={onNavigate} />
            <Item to="/admin/payments" icon="wallet" label="Payments" onNavigate={onNavigate} />
            <Item
              to="/admin/support"
              icon="clipboard"
              label="Support Queue"
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
  return (
    <ModalOverlay
      className={styles.drawerOverlay}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
    >
      <Modal className={styles.drawer}>
        <Dialog id={NAV_DRAWER_ID} aria-label="Navigation" className={styles.drawerDialog}>
          {({ close }) => (
            <>
              <button
                type="button"
                className={styles.drawerClose}
                aria-label="Close navigation"
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
