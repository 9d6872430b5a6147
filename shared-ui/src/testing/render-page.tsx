import {
  MemoryRouter,
  Route,
  Routes,
  useHref,
  useLocation,
  useNavigate,
} from "@hosting-portal/router";
import { type RenderResult, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { PortalProviders } from "../providers/PortalProviders";

export interface RenderPageOptions {
  /** The route pattern the page is mounted at, e.g. "/service/:id" (default "/"). */
  path?: string;
  /** The URL the router starts at (default `path`), e.g. "/service/1234". */
  at?: string;
}

export interface RenderPageResult extends RenderResult {
  /** The router's current pathname (follows navigations and redirects). */
  location(): string;
}

/**
 * Renders a page the way the shell mounts a remote's page: inside a router, with the portal's
 * query client, toast region and link navigation (PortalProviders). Other paths render an empty
 * placeholder, so a navigation away is visible through `location()`.
 */
export function renderPage(page: ReactElement, options: RenderPageOptions = {}): RenderPageResult {
  const path = options.path ?? "/";
  const current = { pathname: options.at ?? path };
  function LocationProbe() {
    current.pathname = useLocation().pathname;
    return null;
  }
  function Providers({ children }: { children: ReactNode }) {
    return (
      <PortalProviders navigate={useNavigate()} useHref={useHref}>
        {children}
      </PortalProviders>
    );
  }
  const result = render(
    <MemoryRouter initialEntries={[current.pathname]}>
      <Providers>
        <LocationProbe />
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<p data-testid="other-page">other page</p>} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
  return Object.assign(result, { location: () => current.pathname });
}
