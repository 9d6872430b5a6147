import { federation } from "@module-federation/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { apiDevTarget, contractsAlias, devPorts, sharedDeps } from "../shared-ui/vite-app-config";

/**
 * In dev, /remotes.json points at the remotes' dev servers; REMOTE_<NAME>_URL (e.g.
 * REMOTE_SHOP_URL=https://cdn.example.com/mf-shop/mf-manifest.json) takes a remote from
 * anywhere else instead. Built shells serve public/remotes.json, edited by the deployer.
 */
function devRemotesJson(): Plugin {
  const remotes = ["mf_account", "mf_shop", "mf_services", "mf_admin"] as const;
  return {
    name: "portal-dev-remotes-json",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use("/remotes.json", (_req, res) => {
        const map: Record<string, { entry: string; type?: string }> = {};
        for (const name of remotes) {
          const envKey = `REMOTE_${name.replace("mf_", "").toUpperCase()}_URL`;
          const override = process.env[envKey];
          map[name] = override
            ? { entry: override }
            : { entry: `http://localhost:${devPorts[name]}/remoteEntry.js`, type: "module" };
        }
        res.setHeader("content-type", "application/json");
        res.setHeader("cache-control", "no-store");
        res.end(JSON.stringify(map));
      });
    },
  };
}

export default defineConfig({
  resolve: { alias: contractsAlias },
  plugins: [
    react(),
    vanillaExtractPlugin(),
    devRemotesJson(),
    federation({
      name: "shell",
      // No remotes at build time: they are registered at runtime from /remotes.json.
      remotes: {},
      shared: sharedDeps,
      dts: false,
      dev: { remoteHmr: true },
    }),
  ],
  server: {
    port: devPorts.shell,
    strictPort: true,
    proxy: { "/api": { target: apiDevTarget, changeOrigin: false } },
  },
  build: { target: "es2022" },
});
