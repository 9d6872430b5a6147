import { federation } from "@module-federation/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { apiDevTarget, contractsAlias, devPorts, sharedDeps } from "../shared-ui/vite-app-config";

const port = devPorts.mf_admin;

export default defineConfig(({ command }) => ({
  // Relative base: the built files work wherever they are served from (/remotes/mf-admin/ behind
  // the API, a CDN path, or / in `vite preview`); only remotes.json names the location.
  base: command === "build" ? "./" : `http://localhost:${port}/`,
  resolve: { alias: contractsAlias },
  plugins: [
    react(),
    vanillaExtractPlugin(),
    federation({
      name: "mf_admin",
      filename: "remoteEntry.js",
      manifest: true,
      exposes: {
        "./UsersPage": "./src/pages/users-page.tsx",
        "./ServicesPage": "./src/pages/services-page.tsx",
        "./ProductsPage": "./src/pages/products-page.tsx",
        "./OrdersPage": "./src/pages/orders-page.tsx",
        "./AuditPage": "./src/pages/audit-page.tsx",
      },
      shared: sharedDeps,
      dts: false,
      dev: { remoteHmr: true },
    }),
  ],
  server: {
    port,
    strictPort: true,
    origin: `http://localhost:${port}`,
    cors: true,
    proxy: { "/api": { target: apiDevTarget } },
  },
  preview: { port, strictPort: true, cors: true, proxy: { "/api": { target: apiDevTarget } } },
  build: { target: "es2022" },
}));
