import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  apiDevTarget,
  compiledMessages,
  contractsAlias,
  contractsUseSharedSchema,
  devPort,
  federationRuntimeVersionOnly,
  precompressed,
  reactAriaStrings,
  remoteUrlEnv,
  renderer,
  sharedDeps,
  staticImportsOf,
} from "@hosting-portal/shared-ui/vite-app-config";
import { federation } from "@module-federation/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig, type Plugin } from "vite";
import { remotes } from "../api/contracts/remote-registry.ts";
import { SHARED_UI_PRELOADS } from "./src/features/remotes/shared-ui-preloads.ts";

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
      if (source === "@hosting-portal/shared-ui" && importer?.startsWith(shellSrc)) return FRAME_UI;
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

/**
 * shared-ui's modules have no side effects apart from their CSS and the global theme, so the
 * frame keeps only the components it renders (and their CSS).
 */
function moduleSideEffects(id: string): boolean {
  if (!id.startsWith(sharedUiSrc) || !/\.tsx?$/.test(id)) return true;
  return id.startsWith(`${sharedUiSrc}theme/`) || id.startsWith(`${sharedUiSrc}styles/`);
}

/** The shares whose code the frame runs before it can render: the router and the contracts' zod. */
const bootShareSources = ["../router/src/", "../schema/src/"].map((dir) =>
  fileURLToPath(new URL(dir, import.meta.url)),
);

/**
 * The frame cannot start before the router and schema shares are evaluated, but the federation
 * plugin leaves share fallbacks ("prebuild" chunks) out of index.html's modulepreload list, so
 * their chunks and the plugin's pendingShares module were only requested once the first scripts
 * had run (a request ~400 ms into a cold load at 4x CPU throttle). Preloading them lets Chromium
 * fetch and compile them while the first scripts run.
 */
function preloadBootShares(): Plugin {
  return {
    name: "portal-preload-boot-shares",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset" || typeof html.source !== "string") return;
      const tags = Object.values(bundle)
        .filter(
          (c) =>
            c.type === "chunk" &&
            (c.name === "pendingShares" ||
              c.moduleIds.some((id) => bootShareSources.some((dir) => id.startsWith(dir)))),
        )
        .map((c) => `<link rel="modulepreload" crossorigin href="/${c.fileName}">`)
        .join("");
      html.source = html.source.replace("</head>", `${tags}</head>`);
    },
  };
}

/**
 * The part of the shared-ui share that the frame does not load itself (the whole barrel: every
 * widget a remote page may render, and their styles), as inert `modulepreload` and style `preload`
 * links in a `<template>` of index.html. Every remote page needs it, but it was only requested when
 * the remote's page module asked the runtime for the share, after the remote's entry had arrived
 * and run, and then in three rounds (styles, the chunk, the chunks it imports). The shell knows
 * these file names only when its bundle is written, so they go into the HTML rather than into its
 * scripts; `preloadSharedUiShare` adds them to the head on a remote page.
 */
function sharedUiPreloads(): Plugin {
  const barrel = `${sharedUiSrc}index.ts`;
  return {
    name: "portal-shared-ui-preloads",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset" || typeof html.source !== "string") return;
      const share = Object.values(bundle).find(
        (c) => c.type === "chunk" && c.moduleIds.includes(barrel),
      );
      if (share?.type !== "chunk") return;
      const page = html.source;
      const { js, css } = staticImportsOf(bundle, share.fileName);
      // What index.html loads or preloads already is not listed again.
      const missing = (file: string) => !page.includes(`/${file}"`);
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
        `<template id="${SHARED_UI_PRELOADS}">${links.join("")}</template></body>`,
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { alias: contractsAlias },
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
      shared: sharedDeps,
      dts: false,
      // Each remote's edits reach the page through its own dev server's HMR client (Prefresh,
      // `renderer()`), not the plugin's relay, which would reload the page.
      dev: { remoteHmr: false },
      experiments: { provideExternalRuntime: true },
      // The runtime's manifest handling (snapshots) is not needed: load-remote.ts reads and checks
      // each remote's manifest itself and registers the remote by its entry module. Builds only:
      // the dev servers keep the runtime's default handling.
      disableSnapshot: command === "build",
    }),
    federationRuntimeVersionOnly(),
    preloadBootShares(),
    sharedUiPreloads(),
  ],
  server: {
    port: devPort("shell"),
    strictPort: true,
    proxy: { "/api": { target: apiDevTarget, changeOrigin: false } },
  },
  // shared-ui is source with .css.ts files: pre-bundling it would bypass vanilla-extract.
  optimizeDeps: { exclude: ["@hosting-portal/shared-ui"] },
  build: { target: "es2022", rolldownOptions: { treeshake: { moduleSideEffects } } },
}));
