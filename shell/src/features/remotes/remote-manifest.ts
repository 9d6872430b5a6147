import type { RemoteEntry } from "./remotes-config";

/** What the shell reads of a remote's mf-manifest.json; a remote team's file, read defensively. */
export interface Manifest {
  metaData?: {
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string; type?: RemoteEntry["type"] };
  };
  /**
   * The remote's pages built for a shell with an import map (`pagesForImportMapShells` in
   * shared-ui/vite-app-config.js): the folder, and per page its module first, then every chunk
   * and style it imports statically.
   */
  importMap?: { path?: string; exposes?: Record<string, { js?: string[]; css?: string[] }> };
}

/** Where a manifest's files are: its `publicPath` ("auto": beside the manifest). */
export function assetBase(manifestUrl: string, manifest: Manifest): URL {
  const publicPath = manifest.metaData?.publicPath;
  const path = publicPath && publicPath !== "auto" ? publicPath : ".";
  return new URL(path.endsWith("/") ? path : `${path}/`, manifestUrl);
}
