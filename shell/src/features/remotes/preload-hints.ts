/**
 * What a remote's manifest says a page needs before it runs: its remote entry and the exposed
 * module's chunks and styles. The shell turns them into <link rel="preload"> hints as soon as it
 * knows the current route, so the browser
 * downloads and compiles the page's code while the shell is still starting and restoring the
 * session, instead of one step after another once the page is rendered (issue 20).
 *
 * A hint only fetches: nothing of the remote runs until loadPage, after the session, so a signed-out
 * visitor costs a download and never runs a remote's code. The manifest is a remote team's
 * file, so it is read defensively: anything missing means no hint, never an error.
 */

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * The URLs to preload for `expose` (e.g. "DashboardPage") of the remote whose manifest was
 * fetched from `manifestUrl`. Built with publicPath "auto", assets resolve against the manifest.
 */
export function pagePreloads(
  manifest: unknown,
  manifestUrl: string,
  expose: string,
): { modules: string[]; styles: string[] } {
  const m = manifest as {
    metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
    exposes?: { name?: unknown; assets?: ManifestAssets }[];
  } | null;
  const exposed = Array.isArray(m?.exposes) ? m.exposes.find((e) => e?.name === expose) : undefined;
  if (!m?.metaData || !exposed) return { modules: [], styles: [] };
  const publicPath = m.metaData.publicPath;
  const base =
    typeof publicPath === "string" && publicPath !== "auto"
      ? new URL(publicPath, manifestUrl).href
      : manifestUrl;
  const at = (path: string) => new URL(path, base).href;
  const entry = m.metaData.remoteEntry;
  const modules = strings(exposed.assets?.js?.sync).map(at);
  if (typeof entry?.name === "string") {
    const dir =
      typeof entry.path === "string" && entry.path ? `${entry.path.replace(/\/?$/, "/")}` : "";
    modules.unshift(at(`${dir}${entry.name}`));
  }
  return { modules, styles: strings(exposed.assets?.css?.sync).map(at) };
}

/**
 * The chunks and styles of the shared-ui the shell provides to remotes, named by the built
 * index.html (vite.config.ts, sharedUiShareHints); none in dev, where shared-ui is served as source.
 */
export function sharedUiPreloads(): { modules: string[]; styles: string[] } {
  const content =
    document.querySelector<HTMLMetaElement>('meta[name="portal-shared-ui-chunks"]')?.content ?? "";
  const urls = content.split(/\s+/).filter(Boolean);
  return {
    modules: urls.filter((u) => u.endsWith(".js")),
    styles: urls.filter((u) => u.endsWith(".css")),
  };
}

/** The URLs hinted or loaded already. */
const hinted = new Set<string>();

/** Adds one <link> per URL to the document's head, once per URL for the page's lifetime. */
export function addPreloadLinks({
  modules,
  styles,
}: {
  modules: string[];
  styles: string[];
}): void {
  // What the page loaded already (index.html's own styles and scripts) needs no hint.
  for (const el of document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
    "link[href], script[src]",
  )) {
    hinted.add(el instanceof HTMLLinkElement ? el.href : el.src);
  }
  const add = (path: string, rel: "modulepreload" | "preload") => {
    const href = new URL(path, document.baseURI).href;
    if (hinted.has(href)) return;
    hinted.add(href);
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    // The runtime adds a remote's styles as <link rel="stylesheet" crossorigin="anonymous">; a
    // preload is only used by a request in the same mode. Module scripts are CORS requests already.
    if (rel === "preload") {
      link.setAttribute("as", "style");
      link.crossOrigin = "anonymous";
    }
    document.head.appendChild(link);
  };
  // modulepreload also compiles the code off the main thread, the scarce resource on a phone.
  for (const href of modules) add(href, "modulepreload");
  for (const href of styles) add(href, "preload");
}
