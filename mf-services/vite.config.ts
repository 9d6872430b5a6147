import { remoteViteConfig } from "@hosting-portal/shared-ui/vite-app-config";
import { defineConfig } from "vite";

export default defineConfig(
  remoteViteConfig({
    name: "mf_services",
    exposes: {
      "./DashboardPage": "./src/pages/dashboard-page.tsx",
      "./ServicePage": "./src/pages/service-page.tsx",
    },
  }),
);
