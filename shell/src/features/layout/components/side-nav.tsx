import { type NavSection, navEntries as registryNav } from "@contracts/remote-registry.ts";
import { NavLink, useLocation } from "@hosting-portal/router";
import {
  type AccountAction,
  can,
  Disclosure,
  shortId,
  useMyServices,
  useProfile,
  useUser,
} from "@hosting-portal/shared-ui";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { useT } from "../../../i18n";
import * as styles from "./app-layout.css";
import { Icon, type IconName } from "./icons";

type ShellMessage = Parameters<ReturnType<typeof useT>>[0];

/**
 * A section's links as api/contracts/remote-registry.json lists them; shell/src/app/registry.test.tsx
 * checks that each names an icon and a message the shell has.
 */
export const navEntries = (section: NavSection) =>
  registryNav(section).map((e) => ({
    ...e,
    icon: (e.icon ?? "box") as IconName,
    message: e.message as ShellMessage,
  }));

/**
 * Pages only some roles in the account can use (api/src/auth/token-scopes.ts refuses the rest):
 * their entries are left out for the others. The products only list what to order, so they go
 * with ordering; the orders stay (every member may read them).
 */
const NAV_ACTIONS: Partial<Record<string, AccountAction>> = { "/charge-credits": "topUp" };
const PRODUCTS_ACTION: AccountAction = "order";

/**
 * Whether an entry needing `action` shows: only once the profile has named a role that allows it,
 * as useCan answers for one action (so an entry never shows for a moment and then goes).
 */
function useMayOffer(): (action: AccountAction | undefined) => boolean {
  const profile = useProfile();
  return (action) => !action || (!profile.isPending && can(profile.data?.role, action));
}

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
  const mayOffer = useMayOffer();
  return (
    <>
      {/* The product's name, in every language (and left alone by page translators). */}
      <NavLink to="/dashboard" className={styles.brand} onClick={onNavigate} translate="no">
        <span className={styles.brandMark} aria-hidden="true">
          <Icon name="server" size={16} />
        </span>
        Hosting Portal
      </NavLink>
      <nav className={styles.nav} aria-label={t("nav.main")}>
        {navEntries("main")
          .filter((e) => mayOffer(NAV_ACTIONS[e.to]))
          .map((e) => (
            <Item key={e.to} to={e.to} icon={e.icon} label={t(e.message)} onNavigate={onNavigate} />
          ))}
        {mayOffer(PRODUCTS_ACTION) && (
          <Disclosure
            title={t("nav.products")}
            icon={<Icon name="products" />}
            triggerClassName={styles.navTrigger}
            defaultExpanded={pathname.startsWith("/products")}
          >
            <div className={styles.subNav}>
              {navEntries("products").map((e) => (
                <NavLink key={e.to} to={e.to} className={styles.navItem} onClick={onNavigate}>
                  {t(e.message)}
                </NavLink>
              ))}
            </div>
          </Disclosure>
        )}
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
            {navEntries("admin").map((e) => (
              <Item
                key={e.to}
                to={e.to}
                icon={e.icon}
                label={t(e.message)}
                onNavigate={onNavigate}
              />
            ))}
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
