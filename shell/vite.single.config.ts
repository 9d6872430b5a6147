import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  compiledMessages,
  contractsAlias,
  precompressed,
  reactAriaEnglishOnly,
} from "@hosting-portal/shared-ui/vite-app-config";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/*
 * The single-bundle build of the portal, for the page benchmark only: the same shell
 * with every remote's exposed pages imported statically and no module federation, written to
 * shell/dist-single/. Comparing it with the federated build shows what federation costs. It
 * never replaces the normal build (vite.config.ts → shell/dist).
 */

const REMOTES = ["mf-account", "mf-shop", "mf-services", "mf-admin", "mf-support"] as const;
const PAGES_ID = "virtual:portal-single-pages";

/**
 * `virtual:portal-single-pages`: { "mf_services/DashboardPage": Component, … }, read from each
 * remote's federation `exposes` in its vite.config.ts, so new pages join without edits here.
 */
function singlePages(): Plugin {
  return {
    name: "portal-single-pages",
    resolveId: (id) => (id === PAGES_ID ? `\0${PAGES_ID}` : undefined),
    load(id) {
      if (id !== `\0${PAGES_ID}`) return undefined;
      const imports: string[] = [];
      const entries: string[] = [];
      for (const dir of REMOTES) {
        const configUrl = new URL(`../${dir}/vite.config.ts`, import.meta.url);
        const text = readFileSync(configUrl, "utf8");
        const name = /\bname:\s*"([^"]+)"/.exec(text)?.[1];
        const exposes = /exposes:\s*\{([^}]*)\}/.exec(text)?.[1];
        if (!name || !exposes)
          throw new Error(`${dir}/vite.config.ts: federation name or exposes not found`);
        for (const [, key, file] of exposes.matchAll(/"\.\/([\w-]+)":\s*"([^"]+)"/g)) {
          const abs = fileURLToPath(new URL(file as string, configUrl));
          imports.push(`import P${imports.length} from ${JSON.stringify(abs)};`);
          entries.push(`${JSON.stringify(`${name}/${key}`)}: P${imports.length - 1}`);
        }
      }
      return `${imports.join("\n")}\nexport const pages = { ${entries.join(", ")} };\n`;
    },
  };
}

/** Swaps the shell's runtime-federation modules for static stand-ins with the same exports. */
function replaceFederationModules(): Plugin {
  const swaps = new Map(
    ["load-remote", "remote-page"].map((m) => [
      fileURLToPath(new URL(`./src/features/remotes/${m}`, import.meta.url)),
      fileURLToPath(new URL(`./src/single/${m}`, import.meta.url)),
    ]),
  );
  return {
    name: "portal-single-federation-swap",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith(".")) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return undefined;
      const bare = resolved.id.replace(/\.(tsx?|jsx?)$/, "");
      const swap = swaps.get(bare);
      if (!swap || importer.startsWith(fileURLToPath(new URL("./src/single/", import.meta.url)))) {
        return undefined;
      }
      return this.resolve(swap, importer, { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  // Buildable from anywhere: npx vite build -c shell/vite.single.config.ts
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: { alias: contractsAlias },
  plugins: [
    react(),
    vanillaExtractPlugin(),
    reactAriaEnglishOnly(),
    compiledMessages(),
    precompressed(),
    replaceFederationModules(),
    singlePages(),
  ],
  // The deployer's remotes.json has no meaning here.
  publicDir: false,
  build: { target: "es2022", outDir: "dist-single", emptyOutDir: true },
});
