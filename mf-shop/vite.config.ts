import { remoteViteConfig } from "@hosting-portal/shared-ui/vite-app-config";
import { defineConfig } from "vite";

export default defineConfig(
  remoteViteConfig({
    name: "mf_shop",
    exposes: {
      "./VpsProductsPage": "./src/pages/vps-products-page.tsx",
      "./DedicatedProductsPage": "./src/pages/dedicated-products-page.tsx",
      "./OrdersPage": "./src/pages/orders-page.tsx",
    },
  }),
);
