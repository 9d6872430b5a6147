import { pages } from "virtual:portal-single-pages";
import type { ComponentType } from "react";
import type { RemoteEntry } from "../features/remotes/remotes-config";

/*
 * Single-bundle stand-in for features/remotes/load-remote.ts (vite.single.config.ts): the
 * pages are part of the bundle, so "loading" one is a lookup.
 */

type PageModule = { default: ComponentType };

export class RemoteLoadError extends Error {
  readonly remote: string;
  constructor(remote: string, cause: unknown) {
    super(`The ${remote} module could not be loaded.`);
    this.name = "RemoteLoadError";
    this.remote = remote;
    this.cause = cause;
  }
}

export function registerPortalRemotes(_list: RemoteEntry[]): void {}

export function loadPage(id: string): Promise<PageModule> {
  const page = pages[id];
  if (!page)
    return Promise.reject(
      new RemoteLoadError(id.split("/")[0] ?? id, new Error(`${id} is not built in`)),
    );
  return Promise.resolve({ default: page });
}

export function resetRemote(_remote: string): void {}
