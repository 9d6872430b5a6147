import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  apiDevTarget,
  compiledMessages,
  contractsAlias,
  contractsUseSharedSchema,
  devPort,
  importMapShared,
  precompressed,
  reactAriaStrings,
  remoteUrlEnv,
  renderer,
  sharedDeps,
  sharedDepVersions,
  staticImportsOf,
} from "@hosting-portal/shared-ui/vite-app-config";
import { federation } from "@module-federation/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { remotes } from "../api/contracts/remote-registry.ts";
import { SHARE_PRELOADS } from "./src/features/remotes/share-preloads.ts";

/**
 * /remotes.json, one entry per remote of api/contracts/remote-registry.json. In dev it points at
 * the remotes' dev servers; REMOTE_<NAME>_URL (e.g.
 * REMOTE_SHOP_URL=https://cdn.example.com/mf-shop/mf-manifest.json) takes a remote from
 * anywhere else instead. The build writes the default a portal served from one origin uses
 * (`/remotes/<folder>/mf-manifest.json`); the deployer edits that file in dist/.
 */
function remotesJson(): Plugin {
  return {
    name: "portal-remotes-json",
    configureServer(server) {
      server.middlewares.use("/remotes.json", (_req, res) => {
        const map: Record<string, { entry: string; type?: string }> = {};
        for (const { federation } of remotes) {
          const override = process.env[remoteUrlEnv(federation)];
          map[federation] = override
            ? { entry: override }
            : { entry: `http://localhost:${devPort(federation)}/remoteEntry.js`, type: "module" };
        }
        res.setHeader("content-type", "application/json");
        res.setHeader("cache-control", "no-store");
        res.end(JSON.stringify(map));
      });
    },
    generateBundle() {
      const map = Object.fromEntries(
        remotes.map((r) => [r.federation, `/remotes/${r.folder}/mf-manifest.json`]),
      );
      this.emitFile({
        type: "asset",
        fileName: "remotes.json",
        source: `${JSON.stringify(map, null, 2)}\n`,
      });
    },
  };
}

const shellSrc = fileURLToPath(new URL("./src/", import.meta.url));
const sharedUiSrc = fileURLToPath(new URL("../shared-ui/src/", import.meta.url));
const FRAME_UI = "\0portal-frame-shared-ui.ts";
const SHARED_UI = "@hosting-portal/shared-ui";

/**
 * The shell's own code takes shared-ui from source through a copy of its barrel, tree-shaken,
 * rather than through the federation share: a shared package is built whole (every widget and
 * all of react-aria), which made it the largest part of the shell's initial JS. Safe because
 * shared-ui keeps its state (session, query client, toast queue) in page singletons on
 * globalThis, so the frame's copy and the shared one the remotes get use the same instances.
 * The shell still provides the whole shared-ui to remotes, as a chunk loaded when one needs it.
 */
function frameTakesSharedUiFromSource(): Plugin {
  return {
    name: "portal-frame-shared-ui-from-source",
    // Build only: in dev the frame takes the federation share like the remotes, so dev serves
    // one shared-ui through Vite's normal transform pipeline (e2e/dev-mode.e2e.ts).
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === SHARED_UI && importer?.startsWith(shellSrc)) return FRAME_UI;
      return undefined;
    },
    load(id) {
      if (id !== FRAME_UI) return undefined;
      // A different module id than shared-ui's index.ts, so the whole barrel stays out of the frame.
      const barrel = readFileSync(`${sharedUiSrc}index.ts`, "utf8");
      return barrel.replace(
        /(from |import )"\.\/([^"]+)"/g,
        (_m, kw: string, rel: string) => `${kw}"${sharedUiSrc}${rel}"`,
      );
    },
  };
}

/** The federation runtime's packages, of which the built shell uses only `satisfy`. */
const federationRuntime =
  /[\\/]node_modules[\\/]@module-federation[\\/](runtime|runtime-core|sdk)[\\/]/;

/**
 * shared-ui's modules have no side effects apart from their CSS and the global theme, so the
 * frame keeps only the components it renders (and their CSS). The built shell runs no federation
 * runtime (the import map): of its packages only the version check's `satisfy` stays, not the
 * whole runtime that its modules' top-level code would otherwise keep.
 */
function moduleSideEffects(id: string): boolean {
  if (federationRuntime.test(id)) return false;
  if (!id.startsWith(sharedUiSrc) || !/\.tsx?$/.test(id)) return true;
  return id.startsWith(`${sharedUiSrc}theme/`) || id.startsWith(`${sharedUiSrc}styles/`);
}

/**
 * What every remote page needs of the shell and the frame does not load itself, as inert
 * `modulepreload` and style `preload` links in a `<template>` of index.html: the module the import
 * map names for each share (a few lines that re-export the frame's copy), and the whole shared-ui
 * share (every widget a remote page may render) with its styles, which the shell applies since
 * nothing imports a share's CSS. Without it each share's module was asked for only once the page's
 * module had arrived and its imports were resolved, one round trip more. The shell knows these
 * file names only when its bundle is written, so they go into the HTML rather than into its
 * scripts; `sharesOfRemotePages` in load-remote.ts reads them on a remote page.
 */
function sharePreloads(): Plugin {
  return {
    name: "portal-share-preloads",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset" || typeof html.source !== "string") return;
      const page = html.source;
      const importMap = page.match(/<script type="importmap">([^<]*)<\/script>/);
      const imports: Record<string, string> = importMap?.[1]
        ? JSON.parse(importMap[1]).imports
        : {};
      if (!imports[SHARED_UI])
        return this.error(`no ${SHARED_UI} in the import map: remote pages would have no styles`);
      const js = new Set<string>();
      const css = new Set<string>();
      for (const url of Object.values(imports)) {
        const files = staticImportsOf(bundle, url.replace(/^\//, ""));
        for (const f of files.js) js.add(f);
        for (const f of files.css) css.add(f);
      }
      // What index.html loads or preloads already is not listed again (the import map only names
      // the shares' modules).
      const loaded = page.replace(importMap?.[0] ?? "", "");
      const missing = (file: string) => !loaded.includes(`/${file}"`);
      const links = [
        ...[...js]
          .filter(missing)
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        ...[...css]
          .filter(missing)
          .map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
      ];
      html.source = page.replace(
        "</body>",
        `<template id="${SHARE_PRELOADS}">${links.join("")}</template></body>`,
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { alias: contractsAlias },
  // The versions of the shares this shell gives the remotes, for the version contract.
  define: { __PORTAL_SHARED_VERSIONS__: JSON.stringify(sharedDepVersions) },
  plugins: [
    renderer(),
    vanillaExtractPlugin(),
    reactAriaStrings(),
    compiledMessages(),
    precompressed(),
    contractsUseSharedSchema(),
    remotesJson(),
    frameTakesSharedUiFromSource(),
    federation({
      name: "shell",
      // No remotes at build time: they are registered at runtime from /remotes.json.
      remotes: {},
      shared: command === "build" ? importMapShared : sharedDeps,
      dts: false,
      // Each remote's edits reach the page through its own dev server's HMR client (Prefresh,
      // `renderer()`), not the plugin's relay, which would reload the page.
      dev: { remoteHmr: false },
      // The built shell has no federation runtime: it writes an import map of its shares into
      // index.html and imports each remote page's module from the remote's `import-map/` build
      // (docs/remotes.md, "How a remote page loads"). The dev servers keep the runtime: a remote's
      // dev server serves remoteEntry.js, and its edits reach the page through it.
      experiments:
        command === "build" ? { hostProvidesAllShared: true } : { provideExternalRuntime: true },
    }),
    sharePreloads(),
  ],
  server: {
    port: devPort("shell"),
    strictPort: true,
    proxy: { "/api": { target: apiDevTarget, changeOrigin: false } },
  },
  // shared-ui is source with .css.ts files: pre-bundling it would bypass vanilla-extract.
  optimizeDeps: { exclude: [SHARED_UI] },
  build: { target: "es2022", rolldownOptions: { treeshake: { moduleSideEffects } } },
}));
