import { fileURLToPath } from "node:url";
import {
  compiledMessages,
  contractsAlias,
  precompressed,
  reactAriaStrings,
  renderer,
} from "@hosting-portal/shared-ui/vite-app-config";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { remotes } from "../api/contracts/remote-registry.ts";

/*
 * The single-bundle build of the portal, for the page benchmark only: the same shell
 * with every remote's exposed pages imported statically and no module federation, written to
 * shell/dist-single/. Comparing it with the federated build shows what federation costs. It
 * never replaces the normal build (vite.config.ts → shell/dist).
 */

const PAGES_ID = "virtual:portal-single-pages";

/**
 * `virtual:portal-single-pages`: { "mf_services/DashboardPage": its module, … }, every page of
 * api/contracts/remote-registry.json, so new pages join without edits here.
 */
function singlePages(): Plugin {
  return {
    name: "portal-single-pages",
    resolveId: (id) => (id === PAGES_ID ? `\0${PAGES_ID}` : undefined),
    load(id) {
      if (id !== `\0${PAGES_ID}`) return undefined;
      const pages = remotes.flatMap((r) =>
        r.pages.map((p) => ({
          id: `${r.federation}/${p.expose}`,
          file: fileURLToPath(new URL(`../${r.folder}/${p.file}`, import.meta.url)),
        })),
      );
      const imports = pages.map((p, i) => `import * as P${i} from ${JSON.stringify(p.file)};`);
      const entries = pages.map((p, i) => `${JSON.stringify(p.id)}: P${i}`);
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
    renderer(),
    vanillaExtractPlugin(),
    reactAriaStrings(),
    compiledMessages(),
    precompressed(),
    replaceFederationModules(),
    singlePages(),
  ],
  // The deployer's remotes.json has no meaning here.
  publicDir: false,
  build: { target: "es2022", outDir: "dist-single", emptyOutDir: true },
});
