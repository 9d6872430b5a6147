import { StandaloneApp } from "@hosting-portal/shared-ui/dev";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import AuditPage from "../pages/audit-page";
import InvoicesPage from "../pages/invoices-page";
import MailOutboxPage from "../pages/mail-outbox-page";
import OrdersPage from "../pages/orders-page";
import PaymentsPage from "../pages/payments-page";
import ProductsPage from "../pages/products-page";
import ProviderPage from "../pages/provider-page";
import ServicesPage from "../pages/services-page";
import UsersPage from "../pages/users-page";

/** `npm run dev -w mf-admin`: this remote's pages on their own, without the shell. */
const pages = [
  { path: "/admin/users", label: "Manage Users", Component: UsersPage },
  { path: "/admin/services", label: "Manage Services", Component: ServicesPage },
  { path: "/admin/products", label: "Manage Products", Component: ProductsPage },
  { path: "/admin/orders", label: "Manage Orders", Component: OrdersPage },
  { path: "/admin/audit", label: "Audit Log", Component: AuditPage },
  { path: "/admin/invoices", label: "Invoices", Component: InvoicesPage },
  { path: "/admin/mail-outbox", label: "Mail Outbox", Component: MailOutboxPage },
  { path: "/admin/provider", label: "Provider", Component: ProviderPage },
  { path: "/admin/payments", label: "Payments", Component: PaymentsPage },
];

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");
createRoot(root).render(
  <StrictMode>
    <StandaloneApp title="Admin" pages={pages} />
  </StrictMode>,
);
