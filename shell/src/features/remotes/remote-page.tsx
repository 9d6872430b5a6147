import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadedPage, loadPage } from "./load-remote";

/*
 * One lazy component per page id, kept even when its load failed: a render that happens
 * while the remote is down (a non-transition render throws the lazy away with its state)
 * must find the same failed lazy, not start a new load. Retry drops it (forgetRemotePages).
 */
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

export function forgetRemotePages(remote: string): void {
  for (const id of [...lazies.keys()]) if (id.startsWith(`${remote}/`)) lazies.delete(id);
}

function lazyPage(id: string): LazyExoticComponent<ComponentType> {
  let Page = lazies.get(id);
  if (!Page) {
    Page = lazy(() => loadPage(id));
    lazies.set(id, Page);
  }
  return Page;
}

/**
 * Route element for `remote/Expose`; load and render errors reach the layout's RemoteBoundary.
 * A page whose code had loaded before it was first shown renders as it is, without suspending;
 * one first shown through its lazy keeps the lazy (the component's type must not change, or the
 * page would be mounted anew and lose what was typed into it).
 */
export function RemotePage({ id }: { id: string }) {
  const Page = lazies.get(id) ?? loadedPage(id)?.default ?? lazyPage(id);
  return <Page />;
}
