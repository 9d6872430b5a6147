import { loadRemote, registerRemotes } from "@module-federation/runtime";
import type { PageModule } from "./page-module";
import { REMOTE_LOAD_DEADLINE_MS, withDeadline } from "./remote-load-deadline";
import { assetBase, type Manifest } from "./remote-manifest";
import type { RemoteEntry } from "./remotes-config";

/*
 * The dev shell's way to a remote page: through the federation runtime, which `vite dev` of the
 * shell provides (shell/vite.config.ts). A remote's dev server serves remoteEntry.js, and a built
 * remote named by REMOTE_<NAME>_URL is loaded by its runtime build's entry. The built shell has
 * no runtime and never imports this module (load-remote.ts imports it only under
 * `import.meta.env.DEV`).
 */

/** The remote's entry module as its manifest names it. */
function entryOf(manifestUrl: string, manifest: Manifest): string {
  const { name = "remoteEntry.js", path = "" } = manifest.metaData?.remoteEntry ?? {};
  const file = [path, name].filter(Boolean).join("/").replace(/^\/+/, "");
  return new URL(file, assetBase(manifestUrl, manifest)).href;
}

/**
 * Registers the remote with the runtime by its entry module (anew when the entry changed: a
 * rollback, a new release, or a Retry, which sets the remembered entry to "").
 */
function registerEntry(remote: RemoteEntry, entry: string, registered: Map<string, string>): void {
  if (registered.get(remote.name) === entry) return;
  registerRemotes([{ name: remote.name, entry, type: remote.type ?? "module" }], {
    force: registered.has(remote.name),
  });
  registered.set(remote.name, entry);
}

export async function loadWithRuntime(
  entry: RemoteEntry,
  manifest: Manifest | undefined,
  id: string,
  registered: Map<string, string>,
  progress: { modulesRequested: boolean },
): Promise<PageModule> {
  if (manifest)
    registerEntry(
      { ...entry, type: entry.type ?? manifest.metaData?.remoteEntry?.type },
      entryOf(entry.entry, manifest),
      registered,
    );
  else registerEntry(entry, entry.entry, registered);
  progress.modulesRequested = true;
  return (await withDeadline(
    loadRemote<PageModule>(id),
    REMOTE_LOAD_DEADLINE_MS,
    id,
  )) as PageModule;
}
