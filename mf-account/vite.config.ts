import { remoteViteConfig } from "@hosting-portal/shared-ui/vite-app-config";
import { defineConfig } from "vite";

export default defineConfig(
  remoteViteConfig({
    name: "mf_account",
    exposes: {
      "./SettingsPage": "./src/pages/settings-page.tsx",
      "./ChargeCreditsPage": "./src/pages/charge-credits-page.tsx",
      "./TransactionsPage": "./src/pages/transactions-page.tsx",
    },
  }),
);
