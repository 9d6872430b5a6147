import { pages } from "virtual:portal-single-pages";
import type { PageModule } from "../features/remotes/page-module";
import { RemoteLoadError } from "../features/remotes/remote-errors";

/*
 * Single-bundle stand-in for features/remotes/load-remote.ts (vite.single.config.ts): the
 * pages are part of the bundle, so "loading" one is a lookup.
 */

export async function ensureRemotes(): Promise<void> {}

/** No manifests: the pages are in the bundle. */
export function prefetchManifest(_id: string): void {}

export function loadPage(id: string): Promise<PageModule> {
  const page = pages[id];
  if (!page)
    return Promise.reject(
      new RemoteLoadError(id.split("/")[0] ?? id, new Error(`${id} is not built in`)),
    );
  return Promise.resolve(page);
}

export function resetRemote(_remote: string): void {}
