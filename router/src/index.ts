/**
 * `@hosting-portal/router`: what the portal's apps use of React Router, and the only way they
 * import it (biome.json forbids react-router and react-router-dom elsewhere). It is the
 * federation singleton for routing (shared-ui/vite-app-config.js) in place of react-router-dom:
 * a share is built whole, without tree-shaking, and the whole package (server rendering, data
 * APIs...) was 65 KB of gzip on every first visit; this is 31 KB. Everything comes from
 * "react-router" itself (its RouterProvider, not react-router/dom's, which only adds flushSync
 * navigations we do not use), so no second copy of the router can be loaded beside it. A remote
 * that needs another export adds it here and raises this package's minor version, which the
 * shell's version contract checks.
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
  RouterProvider,
  Routes,
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from "react-router";
