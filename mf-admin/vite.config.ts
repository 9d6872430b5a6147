import { remoteViteConfig } from "@hosting-portal/shared-ui/vite-app-config";
import { defineConfig } from "vite";

export default defineConfig(
  remoteViteConfig({
    name: "mf_admin",
    exposes: {
      "./UsersPage": "./src/pages/users-page.tsx",
      "./ServicesPage": "./src/pages/services-page.tsx",
      "./ProductsPage": "./src/pages/products-page.tsx",
      "./OrdersPage": "./src/pages/orders-page.tsx",
      "./AuditPage": "./src/pages/audit-page.tsx",
      "./MailOutboxPage": "./src/pages/mail-outbox-page.tsx",
      "./InvoicesPage": "./src/pages/invoices-page.tsx",
      "./ProviderPage": "./src/pages/provider-page.tsx",
      "./PaymentsPage": "./src/pages/payments-page.tsx",
    },
  }),
);
