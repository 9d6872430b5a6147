/**
 * `@hosting-portal/router`: what the portal's apps use of React Router, and the only way they
 * import it (biome.json forbids react-router and react-router-dom elsewhere). It is the
 * federation singleton for routing (shared-ui/vite-app-config.js) in place of react-router-dom:
 * a share is built whole, without tree-shaking, so every export here is on every page. The
 * whole package (server rendering, data APIs...) was 65 KB of gzip, the data router
 * (createBrowserRouter, RouterProvider, route `lazy`) alone 18 KB; this is React Router's
 * declarative routing only, about 14 KB (budget: scripts/router-weight.test.ts). Everything comes
 * from "react-router" itself, not react-router/dom, so no second copy of the router can be loaded
 * beside it. A remote that needs another export adds it here and raises this package's minor
 * version, which the shell's version contract checks; one that needs the data router would add
 * 18 KB to every page.
 */
export type { NavigateOptions, RouteObject } from "react-router";
export {
  BrowserRouter,
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
  useRoutes,
  useSearchParams,
} from "react-router";
