/**
 * `@hosting-portal/router`: what the portal's apps use of React Router, and the only way
 * they import it (biome.json forbids react-router and react-router-dom elsewhere). It is shared
 * as a federation singleton (vite-app-config.js) in place of react-router-dom: a share is built
 * whole, without tree-shaking, and the whole package (server rendering, data APIs...) was 65 KB
 * of gzip on every first visit. A remote that needs another export adds it here and raises
 * shared-ui's minor version, which the shell's version contract checks.
 */

export type { NavigateOptions, RouteObject } from "react-router";
export {
  BrowserRouter,
  createBrowserRouter,
  createMemoryRouter,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from "react-router";
// The DOM RouterProvider (flushSync updates), as react-router-dom exports it.
export { RouterProvider } from "react-router/dom";
