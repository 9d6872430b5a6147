import { type PageRoute, pageRoutes } from "@contracts/remote-registry.ts";

/**
 * Which remote module renders which route (SPEC §2), as api/contracts/remote-registry.json names
 * them. The router builds its elements from this table, and main.tsx uses it to start loading
 * the current route's remote before first render.
 */
export type RemoteRoute = PageRoute;

export const remoteRoutes: RemoteRoute[] = pageRoutes;
