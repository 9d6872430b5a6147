import { loadRemote, registerRemotes } from "@module-federation/runtime";
import type { ComponentType } from "react";
import type { RemoteEntry } from "./remotes-config";

type PageModule = { default: ComponentType };

/** Thrown when a remote's entry or module cannot be fetched; the boundary shows a Retry. */
export class RemoteLoadError extends Error {
  readonly remote: string;
  constructor(remote: string, cause: unknown) {
    super(`The ${remote} module could not be loaded.`);
    this.name = "RemoteLoadError";
    this.remote = remote;
    this.cause = cause;
  }
}

const entries = new Map<string, RemoteEntry>();
const pages = new Map<string, Promise<PageModule>>();

export function registerPortalRemotes(list: RemoteEntry[]): void {
  for (const r of list) entries.set(r.name, r);
  registerRemotes(list);
}

/**
 * Loads `remote/Expose` once and memoises the promise, so the early preload in main.tsx and
 * the route's lazy component share one request chain. Failures are not memoised.
 */
export function loadPage(id: string): Promise<PageModule> {
  const cached = pages.get(id);
  if (cached) return cached;
  const remote = id.split("/")[0] ?? id;
  const p = Promise.resolve()
    .then(() => loadRemote<PageModule>(id))
    .then((mod) => {
      if (!mod || typeof mod.default !== "function") throw new Error(`${id} has no default export`);
      return mod;
    })
    .catch((err: unknown) => {
      pages.delete(id);
      throw err instanceof RemoteLoadError ? err : new RemoteLoadError(remote, err);
    });
  pages.set(id, p);
  return p;
}

/** Forgets everything the runtime cached about a remote so the next load starts afresh. */
export function resetRemote(remote: string): void {
  for (const key of pages.keys()) if (key.startsWith(`${remote}/`)) pages.delete(key);
  const entry = entries.get(remote);
  if (entry) registerRemotes([entry], { force: true });
}
