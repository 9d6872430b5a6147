import { type ComponentType, type LazyExoticComponent, lazy, useMemo } from "react";
import { loadPage } from "./load-remote";

/*
 * One lazy component per page id, so navigating back to a page renders it at once instead of
 * suspending again. A failed one is dropped, so a Retry builds a new lazy that loads again.
 */
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyPage(id: string): LazyExoticComponent<ComponentType> {
  let Page = lazies.get(id);
  if (!Page) {
    Page = lazy(() =>
      loadPage(id).catch((err: unknown) => {
        lazies.delete(id);
        throw err;
      }),
    );
    lazies.set(id, Page);
  }
  return Page;
}

/** Route element for `remote/Expose`; load and render errors reach the layout's RemoteBoundary. */
export function RemotePage({ id }: { id: string }) {
  const Page = useMemo(() => lazyPage(id), [id]);
  return <Page />;
}
