import type { PagePrefetch, PageRoute } from "@contracts/remote-registry.ts";
import { matchPath } from "@hosting-portal/router";
import { session } from "@hosting-portal/shared-ui";
import type { ComponentType } from "react";

/** What a remote exposes for a page: the component and, optionally, its first reads. */
export interface PageModule {
  default: ComponentType;
  prefetch?: PagePrefetch;
}

/**
 * Starts the page's first reads for `url` (the module's `prefetch`), so they are under way while
 * the page renders rather than asked for by its components after their first commit. Settles when
 * they have; never rejects (a failed read is the page's to show, as its own query would have).
 * Nothing for a visitor, nor for an admin page and a non-admin: the route's guard sends them
 * elsewhere, and the API would only refuse the read.
 */
export async function prefetchPageData(
  route: PageRoute,
  mod: PageModule,
  url: Pick<Location, "pathname" | "search">,
): Promise<void> {
  const user = session.getUser();
  if (!mod.prefetch || !user || (route.admin && !user.is_admin)) return;
  const match = matchPath(route.path, url.pathname);
  if (!match) return;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(match.params)) if (value) params[name] = value;
  try {
    await mod.prefetch({ params, search: url.search });
  } catch {
    // A page's prefetch that throws must not keep the page from rendering.
  }
}
