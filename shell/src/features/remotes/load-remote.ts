import { fetchWithRetry } from "./fetch-with-retry";
import type { PageModule } from "./page-module";
import { RemoteLoadError, RemoteVersionError } from "./remote-errors";
import { REMOTE_LOAD_DEADLINE_MS, withDeadline } from "./remote-load-deadline";
import { assetBase, type Manifest } from "./remote-manifest";
import { fetchRemotesConfig, type RemoteEntry } from "./remotes-config";
import { SHARE_PRELOADS } from "./share-preloads";
import { sharedRequirements, versionMismatches } from "./version-contract";

/*
 * Everything below is memoised, failures included, until the user presses Retry
 * (resetRemote): a page that renders again while a remote is down must not ask it again, or
 * every render becomes a request (hundreds per second per tab).
 */
let registry: Promise<Map<string, RemoteEntry>> | null = null;
/** The last /remotes.json read. */
let remotesConfig: Map<string, RemoteEntry> | null = null;
/** Dev only: the entry URL each remote is registered with at the runtime ("" after a Retry). */
const registered = new Map<string, string>();
const manifests = new Map<string, Promise<unknown>>();
const pages = new Map<string, Promise<PageModule>>();
/** The pages whose load has finished, for a render that need not suspend (loadedPage). */
const loadedPages = new Map<string, PageModule>();

/** The remote of a page id (`mf_shop/OrdersPage` → `mf_shop`). */
const remoteOf = (id: string) => id.split("/")[0] ?? id;

const isManifest = (entry: RemoteEntry) => new URL(entry.entry).pathname.endsWith(".json");

function manifestJson(url: string): Promise<unknown> {
  let m = manifests.get(url);
  if (!m) {
    m = fetchWithRetry(url, { cache: "no-cache" }).then((res) => res.json());
    manifests.set(url, m);
  }
  return m;
}

/**
 * /remotes.json, fetched once, and again after a Retry: the deployer may have pointed a remote
 * elsewhere (a rollback).
 */
export function ensureRemotes(): Promise<Map<string, RemoteEntry>> {
  registry ??= fetchRemotesConfig().then(
    (list) => (remotesConfig = new Map(list.map((r) => [r.name, r]))),
  );
  return registry;
}

/** The version panel's reason for a remote built before remotes had an import-map build. */
const NO_IMPORT_MAP_BUILD = {
  name: "an import-map build of its pages",
  required: "(none in its manifest: build it again)",
  provided: "no federation runtime",
};

/** The version of each share this page gives the remotes: the shell's build (vite.config.ts). */
const providedVersions: Record<string, string> =
  typeof __PORTAL_SHARED_VERSIONS__ === "undefined" ? {} : __PORTAL_SHARED_VERSIONS__;

const preloaded = new Set<string>();

/**
 * Starts downloading modules without running them. `crossorigin` (anonymous) as the module loader
 * asks for them, or the browser fetches each file a second time.
 */
function modulepreload(hrefs: readonly string[]): void {
  for (const href of hrefs) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
}

/** A page's files in the remote's import-map build, as URLs; undefined if it has none. */
function importMapPage(
  manifestUrl: string,
  manifest: Manifest,
  expose: string,
): { js: string[]; css: string[] } | undefined {
  const found = manifest.importMap?.exposes?.[expose];
  if (!Array.isArray(found?.js) || typeof found.js[0] !== "string") return undefined;
  const base = new URL(manifest.importMap?.path ?? "import-map/", assetBase(manifestUrl, manifest));
  const url = (path: unknown) => new URL(String(path), base).href;
  return { js: found.js.map(url), css: Array.isArray(found.css) ? found.css.map(url) : [] };
}

/** The stylesheets added to the page, by URL: each is added once and kept. */
const stylesheets = new Map<string, Promise<void>>();

/**
 * Applies a stylesheet and settles when it has loaded: a page's module is rendered only once its
 * styles apply, so it never shows unstyled. A failed one is removed and asked again next time.
 */
function stylesheet(href: string): Promise<void> {
  let p = stylesheets.get(href);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.crossOrigin = "";
      link.href = href;
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        stylesheets.delete(href);
        reject(new Error(`${href}: the stylesheet did not load`));
      };
      document.head.append(link);
    });
    stylesheets.set(href, p);
  }
  return p;
}

/**
 * What the shell gives every remote page, as its build lists it in index.html (`sharePreloads` in
 * shell/vite.config.ts): the shares' modules and the shared-ui share's styles. A dev server has no
 * such list.
 */
function sharesOfRemotePages(): { js: string[]; css: string[] } {
  const template = document.getElementById(SHARE_PRELOADS);
  if (!(template instanceof HTMLTemplateElement)) return { js: [], css: [] };
  // A template's content has no base URL of its own: resolve against the page's.
  const links = [...template.content.querySelectorAll("link")].map((link) => ({
    rel: link.rel,
    href: new URL(link.getAttribute("href") ?? "", document.baseURI).href,
  }));
  return {
    js: links.filter((l) => l.rel === "modulepreload").map((l) => l.href),
    css: links.filter((l) => l.rel !== "modulepreload").map((l) => l.href),
  };
}

/**
 * A page of the remote's import-map build. Everything it needs is requested at once, as soon as
 * the manifest is read: the page's module and every chunk and style it imports, and the shell's
 * shares its bare imports (`react`, `@hosting-portal/shared-ui`) resolve to through the import
 * map, with the shared-ui share's styles. The page renders once its styles apply, never unstyled.
 */
async function loadFromImportMap(
  files: { js: string[]; css: string[] },
  id: string,
  progress: { modulesRequested: boolean },
): Promise<PageModule> {
  const share = sharesOfRemotePages();
  modulepreload([...share.js, ...files.js]);
  progress.modulesRequested = true;
  const [mod] = await withDeadline(
    Promise.all([
      import(/* @vite-ignore */ files.js[0] ?? "") as Promise<PageModule>,
      ...[...share.css, ...files.css].map(stylesheet),
    ]),
    REMOTE_LOAD_DEADLINE_MS,
    id,
  );
  return mod;
}

async function load(
  id: string,
  remote: string,
  progress: { modulesRequested: boolean },
): Promise<PageModule> {
  const entry = (await ensureRemotes()).get(remote);
  if (!entry) throw new Error(`${remote} is not in /remotes.json`);
  const expose = id.slice(remote.length + 1);
  const manifest = isManifest(entry) ? ((await manifestJson(entry.entry)) as Manifest) : undefined;
  if (manifest) {
    const mismatches = versionMismatches(sharedRequirements(manifest), providedVersions);
    if (mismatches.length) throw new RemoteVersionError(remote, mismatches);
  }
  let mod: PageModule;
  if (import.meta.env.DEV) {
    // The dev shell has the federation runtime: a remote's dev server is addressed by its
    // remoteEntry.js (no manifest: same source, nothing to check), a built remote by its manifest.
    const { loadWithRuntime } = await import("./load-remote-runtime");
    mod = await loadWithRuntime(entry, manifest, id, registered, progress);
  } else {
    const files = manifest && importMapPage(entry.entry, manifest, expose);
    // A remote built before remotes had an import-map build, or a remoteEntry.js in remotes.json:
    // this shell has no federation runtime to load it with.
    if (!files) throw new RemoteVersionError(remote, [NO_IMPORT_MAP_BUILD]);
    mod = await loadFromImportMap(files, id, progress);
  }
  if (!mod || typeof mod.default !== "function") throw new Error(`${id} has no default export`);
  return mod;
}

/**
 * Fetches the manifest of `remote/Expose`'s remote now, while the session is still being restored,
 * so the page's load does not wait for it after (one round trip and its processing less before
 * the remote's code is requested). The same memoised request loadPage reads: no extra request,
 * and a failure shows in the page's panel as before. Only the manifest: the remote's code would
 * compete with the frame for the main thread (docs/remotes.md, "How a remote page loads").
 */
export function prefetchManifest(id: string): void {
  const remote = remoteOf(id);
  void ensureRemotes()
    .then((map) => {
      const entry = map.get(remote);
      if (entry && isManifest(entry)) return manifestJson(entry.entry);
      return undefined;
    })
    .catch(() => undefined);
}

/**
 * Loads `remote/Expose` once and memoises the promise, so the early preload in main.tsx and the
 * route's lazy component share one request chain, and a failure is shown, not repeated.
 */
export function loadPage(id: string): Promise<PageModule> {
  const cached = pages.get(id);
  if (cached) return cached;
  const remote = remoteOf(id);
  const progress = { modulesRequested: false };
  const p = load(id, remote, progress).then(
    (mod) => {
      loadedPages.set(id, mod);
      return mod;
    },
    (err: unknown) => {
      throw err instanceof RemoteVersionError
        ? err
        : new RemoteLoadError(remote, err, progress.modulesRequested);
    },
  );
  pages.set(id, p);
  return p;
}

/**
 * The page module of `id` if its load has already finished. A page whose code is there renders
 * at once instead of suspending for a promise that has already settled: React shows the
 * fallback and then holds the revealed page back for up to 300 ms (its throttle on Suspense
 * reveals).
 */
export function loadedPage(id: string): PageModule | undefined {
  return loadedPages.get(id);
}

/** Retry: forgets what failed for this remote, and re-reads remotes.json, so the next load asks again. */
export function resetRemote(remote: string): void {
  for (const key of [...pages.keys()]) if (key.startsWith(`${remote}/`)) pages.delete(key);
  for (const key of [...loadedPages.keys()])
    if (key.startsWith(`${remote}/`)) loadedPages.delete(key);
  registry = null;
  const entry = remotesConfig?.get(remote);
  if (entry) manifests.delete(entry.entry);
  // Registered anew on the next load, even at the same URL, so the runtime forgets a failed one.
  if (registered.has(remote)) registered.set(remote, "");
}
