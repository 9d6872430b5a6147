import { remoteViteConfig } from "@hosting-portal/shared-ui/vite-app-config";
import { defineConfig } from "vite";

export default defineConfig(
  remoteViteConfig({
    name: "mf_support",
    exposes: {
      "./SupportPage": "./src/pages/support-page.tsx",
      "./TicketPage": "./src/pages/ticket-page.tsx",
      "./AdminQueuePage": "./src/pages/admin-queue-page.tsx",
      "./AdminTicketPage": "./src/pages/admin-ticket-page.tsx",
    },
  }),
);
