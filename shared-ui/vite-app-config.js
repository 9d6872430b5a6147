// @ts-check
/*
 * Build settings every web app (shell and remotes) must agree on, imported by their
 * vite.config.ts. Plain JavaScript (types in vite-app-config.d.ts) because Node loads a Vite
 * config's package imports without compiling them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { federation } from "@module-federation/vite";
import prefresh from "@prefresh/vite";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { build, runnerImport } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import registry from "../api/contracts/remote-registry.json" with { type: "json" };

/** The shared-ui version this build is made against (docs/remotes.md: versioning). */
export const sharedUiVersion = JSON.parse(
  readFileSync(new URL("./package.json", import.meta.url), "utf8"),
).version;

/** The installed version of a package: the one this build is made against. */
const installedVersion = (/** @type {string} */ pkg) =>
  createRequire(import.meta.url)(`${pkg}/package.json`).version;

const routerVersion = installedVersion("@hosting-portal/router");
const schemaVersion = installedVersion("@hosting-portal/schema");

/**
 * Federation singletons: one React, one router, one query cache, one shared-ui (session,
 * toasts, theme CSS) per page. A remote needs at least the shared-ui it was built against
 * (`^` of it: new exports are minor versions); the shell checks this before it renders a
 * remote's page (shell/src/features/remotes/federation-plugin.ts).
 */
export const sharedDeps = {
  // React's API on Preact (react-on-preact/): the renderer, hooks and JSX runtime are this one
  // module. `react-dom` is not shared: it only re-exports this module's DOM functions, so each app
  // bundles those few lines and the page keeps one renderer.
  react: { singleton: true, requiredVersion: "^19.2.7" },
  // What the apps' JSX compiles to; the runtime build shares it on its own, the import-map build
  // (pagesForImportMapShells) only what is named here.
  "react/jsx-runtime": { singleton: true, requiredVersion: "^19.2.7" },
  // What the apps use of React Router (router/src/index.ts), not the whole package: a share is
  // built without tree-shaking, and react-router-dom whole is 65 KB of gzip on every first visit.
  "@hosting-portal/router": { singleton: true, requiredVersion: `^${routerVersion}` },
  "@tanstack/react-query": { singleton: true, requiredVersion: "^5.0.0" },
  // One zod for the page: what the contracts use of it (schema/src/index.ts), not zod whole.
  "@hosting-portal/schema": { singleton: true, requiredVersion: `^${schemaVersion}` },
  "@hosting-portal/shared-ui": { singleton: true, requiredVersion: `^${sharedUiVersion}` },
};

/**
 * The version of each of `sharedDeps` this build bundles: what a shell built with it gives every
 * remote on the page, which the shell checks each remote's required ranges against
 * (shell/src/features/remotes/version-contract.ts).
 */
export const sharedDepVersions = Object.fromEntries(
  Object.keys(sharedDeps).map((name) => {
    // The package a key is part of: `react/jsx-runtime` is React's.
    const pkg = name
      .split("/")
      .slice(0, name.startsWith("@") ? 2 : 1)
      .join("/");
    return [name, pkg === "@hosting-portal/shared-ui" ? sharedUiVersion : installedVersion(pkg)];
  }),
);

/**
 * `sharedDeps` for a build in the federation plugin's `hostProvidesAllShared` mode (the built
 * shell, a remote's import-map build): the names only, since that mode negotiates nothing; the
 * shell checks each remote's ranges itself (shell/src/features/remotes/version-contract.ts).
 */
export const importMapShared = Object.fromEntries(Object.keys(sharedDeps).map((key) => [key, {}]));

const REACT_ARIA_STRINGS = "\0portal-react-aria-strings";
const reactAriaPackages = ["react-aria", "react-aria-components", "react-stately"];
/** A package's module of built-in strings, which imports them in each of React Aria's 34 locales. */
const intlStringsModule = new RegExp(
  `[\\\\/]node_modules[\\\\/](${reactAriaPackages.join("|")})[\\\\/]dist[\\\\/](?:private[\\\\/])?(?:(.+)[\\\\/])?intlStrings\\.mjs$`,
);

/** The locale files an intlStrings module imports, by React Aria's tag (`de-DE`): absolute paths. */
function stringsFiles(/** @type {string} */ file) {
  /** @type {Record<string, string>} */
  const files = {};
  for (const [, path, tag] of readFileSync(file, "utf8").matchAll(
    /^import \S+ from "(\.[^"]*[\\/]([a-z]{2}-[A-Z]{2})\.mjs)";$/gm,
  ))
    files[tag] = join(dirname(file), path);
  return files;
}

/**
 * React Aria's built-in strings (a popover's hidden "Dismiss", a table's sort announcements, a
 * select's "Select an item", a number field's "Increase …") in the portal's languages only, and
 * only the page's: each package ships them for 34 locales in every build. English stays in the
 * bundle; every other language of the portal (the languages of shared-ui's message files) is one
 * chunk with every package's strings, loaded when the page changes to it, with the apps' messages
 * (shared-ui/src/i18n/react-aria-strings.ts registers the loader with the locale store), so an
 * English page carries nothing more than before.
 *
 * Each package's strings module is replaced by one that hands React Aria an object per language,
 * English until that language's chunk arrives and filled in place then: React Aria keeps the
 * object (a LocalizedStringDictionary per package, made on first render), so a change of
 * language needs no remount. Every build (shell, remotes, the single bundle, unit tests) must use
 * it: shared-ui imports its loader, and a share built without it would bring all 34 back. The dev
 * servers pre-bundle React Aria whole, so there every locale is in and the loader fills nothing.
 * @returns {import("vite").Plugin}
 */
export function reactAriaStrings() {
  const require = createRequire(import.meta.url);
  /** @type {Map<string, Record<string, string>>} package name (`react-aria/overlays`) → files by tag */
  const packages = new Map();
  for (const pkg of reactAriaPackages) {
    const dist = join(dirname(require.resolve(`${pkg}/package.json`)), "dist");
    for (const file of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
      const match = join(dist, file).match(intlStringsModule);
      if (match)
        packages.set(
          match[2] ? `${match[1]}/${match[2]}` : match[1],
          stringsFiles(join(dist, file)),
        );
    }
  }
  // The portal's languages other than English, each with React Aria's tag for it (`de` → `de-DE`).
  const languages = readdirSync(new URL("./src/i18n/messages/", import.meta.url))
    .map((file) => file.replace(/\.json$/, ""))
    .filter((lang) => lang !== "en")
    .map((lang) => {
      const tag = Object.keys(packages.values().next().value ?? {}).find(
        (t) => new Intl.Locale(t).language === lang,
      );
      return /** @type {const} */ ([lang, tag]);
    })
    .filter(([, tag]) => tag !== undefined);
  const registry = `
const files = {${languages.map(([lang]) => `${JSON.stringify(lang)}: () => import(${JSON.stringify(`${REACT_ARIA_STRINGS}/${lang}`)})`).join(", ")}};
const packages = [];
const arrived = {};
const loading = {};
export function localized(name, en) {
  const strings = { "en-US": en };
  for (const lang in files) strings[lang] = { ...en, ...arrived[lang]?.[name] };
  packages.push([name, strings]);
  return strings;
}
export function loadReactAriaStrings(lang) {
  if (!files[lang]) return Promise.resolve();
  return (loading[lang] ??= files[lang]().then(
    ({ default: all }) => {
      arrived[lang] = all;
      for (const [name, strings] of packages) Object.assign(strings[lang], all[name]);
    },
    (error) => {
      delete loading[lang];
      throw error;
    },
  ));
}`;
  return {
    name: "portal-react-aria-strings",
    enforce: "pre",
    resolveId: (source) =>
      source.startsWith(REACT_ARIA_STRINGS) || source === "virtual:portal-react-aria-strings"
        ? source.replace("virtual:portal-react-aria-strings", REACT_ARIA_STRINGS)
        : undefined,
    load(id) {
      if (id === REACT_ARIA_STRINGS) return registry;
      if (id.startsWith(`${REACT_ARIA_STRINGS}/`)) {
        const tag = languages.find(([lang]) => id === `${REACT_ARIA_STRINGS}/${lang}`)?.[1];
        if (!tag) return undefined;
        const entries = [...packages].filter(([, files]) => files[tag]);
        return [
          ...entries.map(([, files], i) => `import s${i} from ${JSON.stringify(files[tag])};`),
          `export default {${entries.map(([name], i) => `${JSON.stringify(name)}: s${i}`).join(", ")}};`,
        ].join("\n");
      }
      const match = id.split("?")[0].match(intlStringsModule);
      if (!match) return undefined;
      const name = match[2] ? `${match[1]}/${match[2]}` : match[1];
      const english = packages.get(name)?.["en-US"];
      if (!english) return undefined;
      return [
        `import en from ${JSON.stringify(english)};`,
        `import { localized } from ${JSON.stringify(REACT_ARIA_STRINGS)};`,
        `export default localized(${JSON.stringify(name)}, en);`,
      ].join("\n");
    },
  };
}

/**
 * The former name of `reactAriaStrings()`, from when the build kept React Aria's English only.
 * @deprecated use reactAriaStrings()
 */
export const reactAriaEnglishOnly = reactAriaStrings;

/**
 * Each app's message files (`src/messages/<locale>.json`, ICU MessageFormat) compiled into
 * Lingui's compiled form when they are loaded, in builds, dev servers and unit tests alike (the
 * root vitest.config.ts uses it too), so the page carries no ICU parser and English is formatted
 * without Lingui's runtime (shared-ui/src/i18n/compiled-english.ts). A message that is plain text
 * stays a string.
 *
 * `?keys=<prefixes>` imports part of a file, so texts only some lazily loaded pages show load with
 * them: `en.json?keys=auth.` is the keys starting with `auth.`, `en.json?keys=!auth.,auth.x`
 * every key but those, `auth.x` included (comma-separated prefixes, `!` excludes, the last
 * matching prefix decides).
 *
 * The contracts' catalogs (`api/contracts/i18n/validation-<locale>.json`, message id → text)
 * imported with `?by-english` come keyed by the English text instead (`catalogByEnglish`), so a
 * page in another language finds a contract's message without loading every contract's English
 * to learn its id (shared-ui/src/i18n/validation-messages.ts). The contracts' English is read
 * once per build or dev server: a dev server shows a changed English text in the catalogs after a
 * restart.
 * @returns {import("vite").Plugin}
 */
export function compiledMessages() {
  const file = /[\\/]src[\\/](?:i18n[\\/])?messages[\\/][a-z]{2}(?:-[A-Z]{2})?\.json$/;
  const contractCatalog = /[\\/]api[\\/]contracts[\\/]i18n[\\/]validation-[a-z]{2}\.json$/;
  /** @type {Promise<(catalog: Record<string, string>) => Record<string, string>> | undefined} */
  let byEnglish;
  return {
    name: "portal-compiled-messages",
    enforce: "pre",
    async load(id) {
      const [path = "", query = ""] = id.split("?", 2);
      if (contractCatalog.test(path) && new URLSearchParams(query).has("by-english")) {
        byEnglish ??= runnerImport(
          fileURLToPath(new URL("../api/contracts/i18n/validation.ts", import.meta.url)),
          { configFile: false, logLevel: "silent" },
        ).then(({ module }) => /** @type {any} */ (module).catalogByEnglish);
        const catalog = (await byEnglish)(JSON.parse(readFileSync(path, "utf8")));
        return {
          code: `export default JSON.parse(${JSON.stringify(JSON.stringify(catalog))});`,
          moduleType: "js",
        };
      }
      if (!file.test(path)) return undefined;
      const rules = new URLSearchParams(query).get("keys")?.split(",") ?? [];
      const wanted = (/** @type {string} */ key) =>
        rules.reduce(
          (keep, rule) => (key.startsWith(rule.replace(/^!/, "")) ? !rule.startsWith("!") : keep),
          rules.length === 0 || rules[0]?.startsWith("!"),
        );
      /** @type {Record<string, string>} */
      const source = JSON.parse(readFileSync(path, "utf8"));
      const compiled = Object.fromEntries(
        Object.entries(source)
          .filter(([key]) => wanted(key))
          .map(([key, message]) => {
            try {
              const compiled = compileMessageOrThrow(message);
              return [
                key,
                compiled.length === 1 && typeof compiled[0] === "string" ? compiled[0] : compiled,
              ];
            } catch (error) {
              return this.error(`${id}: ${key}: ${/** @type {Error} */ (error).message}`);
            }
          }),
      );
      // JSON.parse of a string literal: faster to load than the same object as a literal.
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`,
        moduleType: "js",
      };
    },
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every built script, style, manifest and SVG of
 * 1 KB or more, beside the file (`x.js.br`, `x.js.gz`): made once at build time, at levels too slow
 * to run per request, and served as they are by the API (api/src/platform/static.ts) and by Caddy's
 * `precompressed`. Not the HTML (the API adds its CSP to it when serving) nor remotes.json (the
 * deployer edits it after the build): both would go stale.
 * @returns {import("vite").Plugin}
 */
export function precompressed() {
  return compression({
    include: /\.(js|mjs|css|json|svg)$/,
    exclude: /(^|\/)remotes\.json$/,
    threshold: 1024,
    algorithms: [
      defineAlgorithm("brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm("gzip", { level: 9 }),
    ],
    logLevel: "silent",
  });
}

const contractsDir = fileURLToPath(new URL("../api/contracts/", import.meta.url));

/**
 * The contracts import `zod/mini` (the API, under Deno, needs zod itself); in the web builds they
 * take it from the shared @hosting-portal/schema instead, so the page evaluates one zod rather
 * than one per app (see schema/src/index.ts). Only `import { z } from "zod/mini"` is rewritten:
 * any other import of zod in a contract stops the build, since it would bring back a copy per app.
 * @returns {import("vite").Plugin}
 */
export function contractsUseSharedSchema() {
  return {
    name: "portal-contracts-use-shared-schema",
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(contractsDir) || !/["']zod(\/[^"']*)?["']/.test(code)) return undefined;
      const rewritten = code.replace(
        /^import \{ z \} from "zod\/mini";$/m,
        'import { z } from "@hosting-portal/schema";',
      );
      if (/from ["']zod(\/[^"']*)?["']/.test(rewritten))
        this.error(
          `${id}: contracts may only \`import { z } from "zod/mini"\` (schema/src/index.ts)`,
        );
      return { code: rewritten, map: null };
    },
  };
}

export const contractsAlias = [
  {
    find: /^@contracts\//,
    replacement: fileURLToPath(new URL("../api/contracts/", import.meta.url)),
  },
];

/**
 * The apps' JSX and its hot replacement in dev. JSX compiles to `react/jsx-runtime`, which is
 * Preact under React's API (react-on-preact/, docs/page-weight.md), so a remote's elements are
 * made by the page's one Preact. In dev, Prefresh (Preact's Fast Refresh) shows an edit to a
 * component without a reload; its runtime is the page's one (`dev/prefresh-core-once.js`).
 * `hot: false` (unit tests) leaves out the dev part.
 * @param {{ hot?: boolean }} [options]
 * @returns {Promise<import("vite").PluginOption[]>}
 */
export async function renderer({ hot = true } = {}) {
  const once = fileURLToPath(new URL("./dev/prefresh-core-once.js", import.meta.url));
  /** @type {import("vite").Plugin} */
  const jsx = {
    name: "portal-jsx",
    config: () => ({ oxc: { jsx: { runtime: "automatic", importSource: "react" } } }),
  };
  if (!hot) return [jsx];
  /** @type {import("vite").Plugin} */
  const oneRuntime = {
    name: "portal-prefresh-core-once",
    apply: "serve",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@prefresh/core" && importer !== once) return once;
    },
  };
  return [oneRuntime, ...(await prefresh()), jsx];
}

/** The shell and its remotes (api/contracts/remote-registry.json, docs/adding-a-page.md). */
export const apps = [registry.shell, ...registry.remotes];

/** Default dev-server ports by federation name; DEV_PORT_<NAME> (e.g. DEV_PORT_MF_SHOP) overrides each. */
export const defaultDevPorts = Object.fromEntries(apps.map((a) => [a.federation, a.devPort]));

/** The variable that sets an app's dev port: `DEV_PORT_MF_SHOP`, `DEV_PORT_SHELL`. */
export const devPortEnv = (/** @type {string} */ federation) =>
  `DEV_PORT_${federation.toUpperCase()}`;

/** The variable that points the dev shell at a remote deployed elsewhere: `REMOTE_SHOP_URL`. */
export const remoteUrlEnv = (/** @type {string} */ federation) =>
  `REMOTE_${federation.replace(/^mf_/, "").toUpperCase()}_URL`;

/** @param {string} app the federation name */
export function devPort(app) {
  const port = process.env[devPortEnv(app)] ?? defaultDevPorts[app];
  if (port === undefined) throw new Error(`${app} is not in api/contracts/remote-registry.json`);
  return Number(port);
}

export const apiDevTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8000}`;

/**
 * The built standalone index.html is served at the site root (`vite preview`), so its scripts
 * and styles must not resolve against a deep link's path (/products/vps would ask for
 * /products/assets/...). The remote's own modules keep relative URLs.
 * @returns {import("vite").Plugin}
 */
function standaloneHtmlFromRoot() {
  return {
    name: "portal-standalone-html-from-root",
    apply: "build",
    enforce: "post",
    // generateBundle, not transformIndexHtml: the federation plugin adds its tags after that.
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type === "asset" && typeof html.source === "string")
        html.source = html.source.replace(/(src|href)="\.\//g, '$1="/');
    },
  };
}

const RUNTIME_FALLBACK = "\0portal-federation-runtime-fallback";

/**
 * A remote built with `externalRuntime` reads the page's federation runtime from
 * `globalThis._FEDERATION_RUNTIME_CORE`, which the shell publishes (`provideExternalRuntime`).
 * A shell built before that publishes nothing, and the remote's standalone page has no shell:
 * there the remote loads its own copy first (a chunk nothing else fetches), so an older shell
 * still runs a newer remote. The build stops if the plugin's shim is not where this expects it
 * (a federation upgrade), since older shells would then fail silently.
 * @returns {import("vite").Plugin}
 */
function ownRuntimeWhenHostHasNone() {
  const runtimeCore = fileURLToPath(import.meta.resolve("@module-federation/runtime-core"));
  let shimSeen = false;
  return {
    name: "portal-own-federation-runtime-when-host-has-none",
    apply: "build",
    // After the federation plugin, which writes the remote entry's code in its own transform.
    enforce: "post",
    resolveId: (source) => (source === RUNTIME_FALLBACK ? source : undefined),
    load: (id) =>
      id === RUNTIME_FALLBACK
        ? `globalThis._FEDERATION_RUNTIME_CORE ??= await import(${JSON.stringify(runtimeCore)});`
        : undefined,
    // The module through which the remote's code reads the runtime (the federation plugin's
    // shim): whatever imports it waits until the runtime is there.
    transform(code, id) {
      if (id !== "\0virtual:mf-external-runtime-core") return undefined;
      shimSeen = true;
      return { code: `import ${JSON.stringify(RUNTIME_FALLBACK)};\n${code}`, map: null };
    },
    buildEnd(error) {
      if (!error && !shimSeen)
        this.error(
          "the federation plugin's external runtime shim was not found: see vite-app-config.js",
        );
    },
  };
}

/**
 * A chunk of a bundle with every chunk it imports statically, and their styles: what loading it
 * fetches, so a page can ask for it all at once (modulepreload does not follow imports).
 * @param {import("vite").Rolldown.OutputBundle} bundle
 * @param {string} fileName
 * @returns {{ js: Set<string>, css: Set<string> }}
 */
export function staticImportsOf(bundle, fileName) {
  /** @type {Set<string>} */
  const js = new Set();
  /** @type {Set<string>} */
  const css = new Set();
  const visit = (/** @type {string} */ name) => {
    const chunk = bundle[name];
    if (chunk?.type !== "chunk" || js.has(name)) return;
    js.add(name);
    for (const style of chunk.viteMetadata?.importedCss ?? []) css.add(style);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(fileName);
  return { js, css };
}

/**
 * Each expose's `sync` assets in the remote's `mf-manifest.json` become every chunk and style its
 * module statically imports, so the shell can download a page's code in one go as soon as it has
 * read the manifest (`preloadExpose` in shell/src/features/remotes/load-remote.ts). The federation
 * plugin lists the page's chunks but leaves out the expose's own entry chunk (the one remoteEntry
 * imports) and counts the chunk of its share loaders as the shares' (`async`), though the page
 * imports it statically: each was only fetched when the module before it ran, two more round trips
 * after the remote's entry. Only the manifest changes; the runtime reads `sync` the same way.
 * @param {string} dir the remote's folder
 * @param {Record<string, string>} exposes `./Name` → file, relative to `dir`
 * @returns {import("vite").Plugin}
 */
function manifestListsExposeImports(dir, exposes) {
  return {
    name: "portal-manifest-lists-expose-imports",
    apply: "build",
    // After the federation plugin, which emits the manifest in its own generateBundle.
    enforce: "post",
    generateBundle(_options, bundle) {
      const file = bundle["mf-manifest.json"];
      if (file?.type !== "asset" || typeof file.source !== "string") return;
      const manifest = JSON.parse(file.source);
      for (const expose of manifest.exposes ?? []) {
        const source = exposes[`./${expose.name}`];
        const id = source && join(dir, source);
        const entry = Object.values(bundle).find(
          (c) => c.type === "chunk" && c.facadeModuleId === id,
        );
        if (entry?.type !== "chunk") continue;
        const { js, css } = staticImportsOf(bundle, entry.fileName);
        for (const [type, files] of /** @type {const} */ ([
          ["js", js],
          ["css", css],
        ])) {
          const assets = expose.assets[type];
          assets.sync = [...new Set([...assets.sync, ...files])];
          assets.async = assets.async.filter((/** @type {string} */ a) => !files.has(a));
        }
      }
      file.source = JSON.stringify(manifest);
    },
  };
}

/** The mode of a remote's second build: its pages as modules for a shell's import map. */
const IMPORT_MAP_MODE = "import-map";
/** That build's folder inside the remote's build, named in the manifest's `importMap.path`. */
const IMPORT_MAP_DIR = "import-map";

/**
 * A remote's build holds its pages twice. The federation runtime's build (remoteEntry.js, the
 * manifest, the standalone page) is what a shell with the runtime loads: every shell until the
 * import map, and the dev servers. Beside it, in `import-map/`, a second build of the same source
 * in the federation plugin's `hostProvidesAllShared` mode: one module per page whose shared
 * imports stay bare (`react`, `@hosting-portal/shared-ui`), resolved by the page's import map to
 * the shell's copies, with no runtime and no share negotiation (docs/page-weight.md section 16).
 * The manifest gains `importMap`: that folder and each page's modules and styles, which a shell
 * with an import map loads instead. One `vite build` makes both, so every shell, old or new, can
 * load the remote, and a team's build is whole whichever way it is run.
 *
 * Made in generateBundle, after Vite has emptied the output folder and before the manifest is
 * written and compressed (`precompressed` comes after this plugin).
 * @param {string} dir the remote's folder
 * @returns {import("vite").Plugin}
 */
function pagesForImportMapShells(dir) {
  let outDir = "";
  return {
    name: "portal-pages-for-import-map-shells",
    apply: (_config, env) => env.command === "build" && env.mode !== IMPORT_MAP_MODE,
    enforce: "post",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async generateBundle(_options, bundle) {
      const file = bundle["mf-manifest.json"];
      // Without it the remote would build, and every shell with the import map refuse it.
      if (file?.type !== "asset" || typeof file.source !== "string")
        return this.error(
          "the federation plugin wrote no mf-manifest.json: see vite-app-config.js",
        );
      const importMapOut = join(outDir, IMPORT_MAP_DIR);
      await build({
        configFile: join(dir, "vite.config.ts"),
        root: dir,
        mode: IMPORT_MAP_MODE,
        logLevel: "warn",
        build: { outDir: importMapOut, emptyOutDir: true },
      });
      /** @type {{ exposes: { name: string, assets: { js: { sync: string[] }, css: { sync: string[] } } }[] }} */
      const pages = JSON.parse(readFileSync(join(importMapOut, "mf-manifest.json"), "utf8"));
      const manifest = JSON.parse(file.source);
      manifest.importMap = {
        path: `${IMPORT_MAP_DIR}/`,
        exposes: Object.fromEntries(
          pages.exposes.map((e) => [e.name, { js: e.assets.js.sync, css: e.assets.css.sync }]),
        ),
      };
      file.source = JSON.stringify(manifest);
    },
  };
}

const remoteIndexHtml = fileURLToPath(new URL("./dev/remote-index.html", import.meta.url));

/**
 * Every remote's standalone page (`npm run dev -w mf-shop`, and the built index.html a team
 * previews) comes from one file, shared-ui/dev/remote-index.html, titled with the remote's
 * folder: a remote has no index.html of its own. Vite reads `<root>/index.html`, which does not
 * exist, so the build loads it from here and the dev server answers its HTML requests with it.
 * @param {string} dir the remote's folder
 * @returns {import("vite").Plugin}
 */
function sharedStandaloneHtml(dir) {
  const id = join(dir, "index.html");
  const html = () => readFileSync(remoteIndexHtml, "utf8").replaceAll("%REMOTE%", basename(dir));
  return {
    name: "portal-shared-standalone-html",
    resolveId: (source) => (source === id ? id : undefined),
    load: (loaded) => (loaded === id ? html() : undefined),
    configureServer(server) {
      // After Vite's SPA fallback, which turns every page request into /index.html.
      return () =>
        server.middlewares.use(async (req, res, next) => {
          if (req.url?.split("?")[0] !== "/index.html") return next();
          res.setHeader("content-type", "text/html; charset=utf-8");
          res.end(await server.transformIndexHtml(req.url, html(), req.originalUrl));
        });
    },
  };
}

/**
 * The whole Vite config of a remote: `vite` serves its standalone app (src/standalone) and
 * its remoteEntry for a shell in dev, `vite build` makes a self-contained static bundle,
 * `vite preview` serves that bundle with deep links. Its federation name and exposed pages come
 * from its entry in api/contracts/remote-registry.json.
 * @param {string} dir the remote's folder (its vite.config.ts passes `import.meta.dirname`)
 * @returns {import("vite").UserConfigFnObject}
 */
export function remoteViteConfig(dir) {
  const folder = basename(dir);
  const remote = registry.remotes.find((r) => r.folder === folder);
  if (!remote) throw new Error(`${folder} is not in api/contracts/remote-registry.json`);
  const name = remote.federation;
  const exposes = Object.fromEntries(remote.pages.map((p) => [`./${p.expose}`, `./${p.file}`]));
  const port = devPort(name);
  return ({ command, mode }) => ({
    // Relative base: the built remote works wherever it is served from (/remotes/<name>/ behind
    // the API, a CDN path); only the shell's remotes.json names the location. In dev the shell
    // loads modules from this server, so their URLs must name it.
    base: command === "build" ? "./" : `http://localhost:${port}/`,
    resolve: { alias: contractsAlias },
    plugins: [
      renderer(),
      vanillaExtractPlugin(),
      reactAriaStrings(),
      compiledMessages(),
      contractsUseSharedSchema(),
      ...(mode === IMPORT_MAP_MODE
        ? [
            federation({
              name,
              exposes,
              // The ranges are in the runtime build's manifest, of the same source.
              shared: importMapShared,
              dts: false,
              experiments: { hostProvidesAllShared: true },
            }),
            manifestListsExposeImports(dir, exposes),
            precompressed(),
          ]
        : [
            federation({
              name,
              filename: "remoteEntry.js",
              manifest: true,
              exposes,
              shared: sharedDeps,
              dts: false,
              // Hot replacement goes through this server's own HMR client in the page (Prefresh,
              // `renderer()`); the plugin's remote HMR would reload the whole page on every edit.
              dev: { remoteHmr: false },
              // The built remote runs on the page's federation runtime (the shell publishes it),
              // not a copy of its own: about 18 KB of gzip less on every remote page. In dev each
              // server keeps its own, as before.
              ...(command === "build" ? { experiments: { externalRuntime: true } } : {}),
            }),
            ownRuntimeWhenHostHasNone(),
            manifestListsExposeImports(dir, exposes),
            pagesForImportMapShells(dir),
            sharedStandaloneHtml(dir),
            standaloneHtmlFromRoot(),
            precompressed(),
          ]),
    ],
    // shared-ui is source with .css.ts files: pre-bundling it would bypass vanilla-extract.
    // The standalone entry is named since there is no index.html on disk to scan.
    optimizeDeps: {
      exclude: ["@hosting-portal/shared-ui"],
      entries: ["src/standalone/main.tsx"],
    },
    server: {
      port,
      strictPort: true,
      origin: `http://localhost:${port}`,
      cors: true,
      proxy: { "/api": { target: apiDevTarget } },
    },
    preview: { port, strictPort: true, cors: true, proxy: { "/api": { target: apiDevTarget } } },
    build: { target: "es2022" },
  });
}
