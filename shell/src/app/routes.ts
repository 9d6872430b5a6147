/**
 * Which remote module renders which route (SPEC §2). The router builds its elements from this
 * table, and main.tsx uses it to start loading the current route's remote before first render.
 */
export interface RemoteRoute {
  path: string;
  id: `${string}/${string}`;
  admin?: boolean;
}

export const remoteRoutes: RemoteRoute[] = [
  { path: "/dashboard", id: "mf_services/DashboardPage" },
  { path: "/service/:id", id: "mf_services/ServicePage" },
  { path: "/settings", id: "mf_account/SettingsPage" },
  { path: "/charge-credits", id: "mf_account/ChargeCreditsPage" },
  { path: "/transactions", id: "mf_account/TransactionsPage" },
  { path: "/orders", id: "mf_shop/OrdersPage" },
  { path: "/products/vps", id: "mf_shop/VpsProductsPage" },
  { path: "/products/dedicated", id: "mf_shop/DedicatedProductsPage" },
  { path: "/support", id: "mf_support/SupportPage" },
  { path: "/support/:id", id: "mf_support/TicketPage" },
  { path: "/admin/users", id: "mf_admin/UsersPage", admin: true },
  { path: "/admin/services", id: "mf_admin/ServicesPage", admin: true },
  { path: "/admin/products", id: "mf_admin/ProductsPage", admin: true },
  { path: "/admin/orders", id: "mf_admin/OrdersPage", admin: true },
  { path: "/admin/audit", id: "mf_admin/AuditPage", admin: true },
  { path: "/admin/mail-outbox", id: "mf_admin/MailOutboxPage", admin: true },
  { path: "/admin/invoices", id: "mf_admin/InvoicesPage", admin: true },
  { path: "/admin/provider", id: "mf_admin/ProviderPage", admin: true },
  { path: "/admin/payments", id: "mf_admin/PaymentsPage", admin: true },
  { path: "/admin/support", id: "mf_support/AdminQueuePage", admin: true },
  { path: "/admin/support/:id", id: "mf_support/AdminTicketPage", admin: true },
];
