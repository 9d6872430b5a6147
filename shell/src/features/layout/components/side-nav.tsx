import { Disclosure, shortId, useMyServices, useUser } from "@hosting-portal/shared-ui";
import { NavLink, useLocation } from "react-router-dom";
import * as styles from "./app-layout.css";
import { Icon, type IconName } from "./icons";

function Item({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <NavLink to={to} className={styles.navItem}>
      <Icon name={icon} />
      {label}
    </NavLink>
  );
}

function MyServices() {
  const { data: services, isPending, isError } = useMyServices();
  if (isPending) return <span className={styles.navEmpty}>Loading…</span>;
  if (isError) return <span className={styles.navEmpty}>Services unavailable</span>;
  if (services.length === 0) return <span className={styles.navEmpty}>No services yet</span>;
  return (
    <>
      {services.map((s) => (
        <NavLink key={s.id} to={`/service/${s.id}`} className={styles.subItem}>
          <span
            className={`${styles.dot} ${s.service_status === "active" ? styles.dotActive : styles.dotInactive}`}
            data-status={s.service_status === "active" ? "active" : "inactive"}
            aria-hidden="true"
          />
          {`${s.service_type.toUpperCase()}-${shortId(s.id)}`}
          <span className="sr-only">
            {s.service_status === "active" ? " (active)" : " (not active)"}
          </span>
        </NavLink>
      ))}
    </>
  );
}

/** SPEC §2 side navigation; the ADMIN section only for admins (SPEC §6). */
export function SideNav() {
  const user = useUser();
  const { pathname } = useLocation();
  return (
    <aside className={styles.sidebar}>
      <NavLink to="/dashboard" className={styles.brand}>
        <span className={styles.brandMark} aria-hidden="true">
          <Icon name="server" size={16} />
        </span>
        Hosting Portal
      </NavLink>
      <nav className={styles.nav} aria-label="Main">
        <Item to="/dashboard" icon="dashboard" label="Dashboard" />
        <Item to="/orders" icon="orders" label="Orders" />
        <Item to="/settings" icon="settings" label="Settings" />
        <Item to="/charge-credits" icon="credits" label="Charge Credits" />
        <Item to="/transactions" icon="transactions" label="Transactions" />
        <Disclosure
          title="Products"
          icon={<Icon name="products" />}
          triggerClassName={styles.navTrigger}
          defaultExpanded={pathname.startsWith("/products")}
        >
          <div className={styles.subNav}>
            <NavLink to="/products/vps" className={styles.navItem}>
              VPS
            </NavLink>
            <NavLink to="/products/dedicated" className={styles.navItem}>
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
            <MyServices />
          </div>
        </Disclosure>
        {user?.is_admin && (
          <>
            <div className={styles.navSection} role="presentation">
              ADMIN
            </div>
            <Item to="/admin/users" icon="users" label="Manage Users" />
            <Item to="/admin/services" icon="server" label="Manage Services" />
            <Item to="/admin/products" icon="box" label="Manage Products" />
            <Item to="/admin/orders" icon="clipboard" label="Manage Orders" />
            <Item to="/admin/audit" icon="transactions" label="Audit Log" />
          </>
        )}
      </nav>
    </aside>
  );
}
