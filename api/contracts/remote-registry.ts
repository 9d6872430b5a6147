/**
 * The portal's remotes and their pages, read from remote-registry.json: the one list the remote
 * builds (exposes), the shell (routes, side navigation, dev remotes.json, single-bundle build),
 * the API (which folders it serves under /remotes/), the scripts, the unit tests and the
 * benchmark all take. Plain JSON so that Node scripts, Vite configs, Deno and the browser read
 * the same file without a compiler. docs/adding-a-page.md explains each field.
 */
import registry from "./remote-registry.json" with { type: "json" };

/** Where a page's link sits in the side navigation (`products` is the Products disclosure). */
export type NavSection = "main" | "products" | "admin";

export interface NavEntry {
  section: NavSection;
  /** Position within its section, smallest first. */
  order: number;
  /** The link's text: a key of the shell's messages (shell/src/messages/<locale>.json). */
  message: string;
  /** An icon of the shell's set (shell/src/features/layout/components/icons.tsx). */
  icon?: string;
}

export interface RemotePage {
  /** The federation expose (`./<expose>`) and the page's id part: `mf_shop/OrdersPage`. */
  expose: string;
  /** The module that default-exports the page, relative to the remote's folder. */
  file: string;
  /** The shell route that renders it (React Router path syntax). */
  path: string;
  /** Behind the shell's admin guard. */
  admin?: boolean;
  nav?: NavEntry;
}

export interface Remote {
  /** The workspace folder at the repository root, also its path under /remotes/. */
  folder: string;
  /** The npm package name of the workspace. */
  package: string;
  /** The module-federation name (the key in the shell's remotes.json). */
  federation: string;
  /** The Vite dev server's default port (DEV_PORT_<FEDERATION> overrides it). */
  devPort: number;
  pages: RemotePage[];
}

export const shellApp: Omit<Remote, "pages"> = registry.shell;
export const remotes: Remote[] = registry.remotes as Remote[];

/** A page's federation id, `<federation>/<expose>` (what the shell loads). */
export type PageId = `${string}/${string}`;

export interface PageRoute {
  path: string;
  id: PageId;
  admin: boolean;
}

/** The page's URL as the shell hands it to the page's `prefetch` (PagePrefetch). */
export interface PageLocation {
  /** The route's parameters (`/service/:id` → `{ id }`). */
  params: Readonly<Record<string, string>>;
  /** The URL's query string (`location.search`: "?q=acme", or ""). */
  search: string;
}

/**
 * What a page module may export as `prefetch`, beside its default component: starts the page's
 * first reads through the shared query client with the same query options its components read,
 * and settles when they have. The shell calls it once the page's code is loaded and before the
 * page renders, so the reads are under way while it renders instead of starting after its first
 * commit. Never called for a visitor, nor for an admin page and a non-admin.
 */
export type PagePrefetch = (location: PageLocation) => Promise<unknown>;

/** Every remote page with its route, in registry order. */
export const pageRoutes: PageRoute[] = remotes.flatMap((r) =>
  r.pages.map((p) => ({
    path: p.path,
    id: `${r.federation}/${p.expose}` as PageId,
    admin: !!p.admin,
  })),
);

/** The side navigation's links of one section, in their order. */
export function navEntries(section: NavSection): (NavEntry & { to: string; admin: boolean })[] {
  return remotes
    .flatMap((r) => r.pages)
    .flatMap((p) =>
      p.nav?.section === section ? [{ ...p.nav, to: p.path, admin: !!p.admin }] : [],
    )
    .sort((a, b) => a.order - b.order);
}
