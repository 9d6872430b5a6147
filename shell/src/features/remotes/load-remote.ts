import { getInstance, loadRemote, registerRemotes } from "@module-federation/runtime";
import { fetchWithRetry } from "./fetch-with-retry";
import type { PageModule } from "./page-module";
import { RemoteLoadError, RemoteVersionError } from "./remote-errors";
import { fetchRemotesConfig, type RemoteEntry } from "./remotes-config";
import { SHARED_UI_PRELOADS } from "./shared-ui-preloads";
import { sharedRequirements, versionMismatches } from "./version-contract";

/**
 * A remote that answers its manifest but then never delivers its entry or page chunk ends in
 * the error panel after this long (the manifest itself has REMOTE_FETCH_POLICY's budget).
 * Under `npm run dev` a remote's dev server compiles its modules on their first request, which
 * takes far longer than a built remote's download on a busy laptop: there the wait is a minute,
 * so a first cold page is not mistaken for an outage (a stopped dev server still fails at once,
 * its connection refused).
 */
export const REMOTE_LOAD_DEADLINE_MS = import.meta.env.DEV ? 60_000 : 4_500;

/*
 * Everything below is memoised, failures included, until the user presses Retry
 * (resetRemote): a page that renders again while a remote is down must not ask it again, or
 * every render becomes a request (hundreds per second per tab).
 */
let registry: Promise<Map<string, RemoteEntry>> | null = null;
/** The last /remotes.json read. */
let remotesConfig: Map<string, RemoteEntry> | null = null;
/** The entry URL each remote is registered with at the runtime ("" after a Retry). */
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

/**
 * Registers the remote with the runtime by its entry module (anew when the entry changed: a
 * rollback, a new release), not by its manifest: loadPage reads and checks the manifest itself,
 * so the shell's build leaves the runtime's manifest handling out (`disableSnapshot` in
 * shell/vite.config.ts: about 1.5 KB of gzip and its work on every remote page).
 */
function registerEntry(remote: RemoteEntry, entry: string): void {
  if (registered.get(remote.name) === entry) return;
  registerRemotes([{ name: remote.name, entry, type: remote.type ?? "module" }], {
    force: registered.has(remote.name),
  });
  registered.set(remote.name, entry);
}

/** The singleton versions this page provides to remotes (the shell's build). */
function providedVersions(): Record<string, string> {
  const shared = getInstance()?.options.shared ?? {};
  const out: Record<string, string> = {};
  for (const [name, list] of Object.entries(shared)) {
    const version = list[0]?.version;
    if (version) out[name] = version;
  }
  return out;
}

interface ManifestExpose {
  name?: string;
  assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } };
}

interface Manifest {
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string; type?: RemoteEntry["type"] };
  };
  exposes?: ManifestExpose[];
}

/** Where a manifest's files are: its `publicPath` ("auto": beside the manifest). */
function assetBase(manifestUrl: string, manifest: Manifest): URL {
  const publicPath = manifest.metaData?.publicPath;
  const path = publicPath && publicPath !== "auto" ? publicPath : ".";
  return new URL(path.endsWith("/") ? path : `${path}/`, manifestUrl);
}

/** The remote's entry module as its manifest names it. */
function entryOf(manifestUrl: string, manifest: Manifest): string {
  const { name = "remoteEntry.js", path = "" } = manifest.metaData?.remoteEntry ?? {};
  const file = [path, name].filter(Boolean).join("/").replace(/^\/+/, "");
  return new URL(file, assetBase(manifestUrl, manifest)).href;
}

const preloaded = new Set<string>();

type PreloadLink = readonly [rel: "modulepreload" | "preload", href: string];

/**
 * `modulepreload` for scripts, a style `preload` for CSS. `crossorigin` (anonymous) as the module
 * loader and Vite's style loader ask for them, or the browser fetches the file a second time.
 */
function preloadLinks(links: readonly PreloadLink[]): void {
  for (const [rel, href] of links) {
    if (preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement("link");
    link.rel = rel;
    if (rel === "preload") {
      link.as = "style";
      link.crossOrigin = "";
    }
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Starts downloading a page's code as soon as the manifest is read: the remote's entry and the
 * expose's `sync` assets (every chunk and style the page module imports; the remotes' build lists
 * them all, `manifestListsExposeImports` in shared-ui/vite-app-config.js). Otherwise the runtime
 * asks for the entry only after its own reading of the manifest, and each further chunk only
 * when the module importing it has run: one round trip after another. `modulepreload` puts them
 * in the module map the runtime's imports then read, so nothing is fetched twice, and nothing of
 * the remote runs before the runtime imports its entry.
 */
function preloadExpose(manifestUrl: string, manifest: Manifest, expose: string): void {
  const found = Array.isArray(manifest.exposes)
    ? manifest.exposes.find((e) => e.name === expose)
    : undefined;
  const base = assetBase(manifestUrl, manifest);
  const url = (path: string) => new URL(path, base).href;
  preloadLinks([
    ["modulepreload", entryOf(manifestUrl, manifest)],
    ...(found?.assets?.js?.sync ?? []).map((p) => ["modulepreload", url(p)] as const),
    ...(found?.assets?.css?.sync ?? []).map((p) => ["preload", url(p)] as const),
  ]);
}

/**
 * Starts downloading the shell's own shared-ui share chunks that every remote page renders with.
 * Without this they were asked for only once the remote's entry had run and its page module
 * asked the runtime for the share, in three rounds. Nothing runs: the runtime imports the share
 * when the page needs it. A dev server and the single bundle have no template: nothing to do.
 */
function preloadSharedUiShare(): void {
  const template = document.getElementById(SHARED_UI_PRELOADS);
  if (!(template instanceof HTMLTemplateElement)) return;
  preloadLinks(
    // A template's content has no base URL of its own: resolve against the page's.
    [...template.content.querySelectorAll("link")].map(
      (link): PreloadLink => [
        link.rel === "modulepreload" ? "modulepreload" : "preload",
        new URL(link.getAttribute("href") ?? "", document.baseURI).href,
      ],
    ),
  );
}

function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function load(
  id: string,
  remote: string,
  progress: { modulesRequested: boolean },
): Promise<PageModule> {
  const entry = (await ensureRemotes()).get(remote);
  if (!entry) throw new Error(`${remote} is not in /remotes.json`);
  // Dev servers are addressed by remoteEntry.js (no manifest): same source, nothing to check.
  if (isManifest(entry)) {
    const manifest = (await manifestJson(entry.entry)) as Manifest;
    const mismatches = versionMismatches(sharedRequirements(manifest), providedVersions());
    if (mismatches.length) throw new RemoteVersionError(remote, mismatches);
    preloadExpose(entry.entry, manifest, id.slice(remote.length + 1));
    registerEntry(
      { ...entry, type: entry.type ?? manifest.metaData?.remoteEntry?.type },
      entryOf(entry.entry, manifest),
    );
  } else registerEntry(entry, entry.entry);
  preloadSharedUiShare();
  progress.modulesRequested = true;
  const mod = await withDeadline(loadRemote<PageModule>(id), REMOTE_LOAD_DEADLINE_MS, id);
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
