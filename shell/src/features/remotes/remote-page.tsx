import type { PageRoute } from "@contracts/remote-registry.ts";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadedPage, loadPage } from "./load-remote";
import { prefetchPageData } from "./page-module";

/*
 * One lazy component per page id, kept even when its load failed: a render that happens
 * while the remote is down (a non-transition render throws the lazy away with its state)
 * must find the same failed lazy, not start a new load. Retry drops it (forgetRemotePages).
 */
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

export function forgetRemotePages(remote: string): void {
  for (const id of [...lazies.keys()]) if (id.startsWith(`${remote}/`)) lazies.delete(id);
}

function lazyPage(route: PageRoute): LazyExoticComponent<ComponentType> {
  let Page = lazies.get(route.id);
  if (!Page) {
    Page = lazy(async () => {
      const mod = await loadPage(route.id);
      // Its first reads start as the page renders, not after its first commit. Not awaited:
      // the page's own skeleton shows while they are under way.
      void prefetchPageData(route, mod, window.location);
      return mod;
    });
    lazies.set(route.id, Page);
  }
  return Page;
}

/**
 * Route element for a remote page (`remote/Expose`); load and render errors reach the layout's
 * RemoteBoundary. A page whose code had loaded before it was first shown renders as it is,
 * without suspending; one first shown through its lazy keeps the lazy (the component's type must
 * not change, or the page would be mounted anew and lose what was typed into it).
 */
export function RemotePage({ route }: { route: PageRoute }) {
  const Page = lazies.get(route.id) ?? loadedPage(route.id)?.default ?? lazyPage(route);
  return <Page />;
}
