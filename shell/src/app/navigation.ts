import type { NavigateOptions } from "@hosting-portal/router";
import { createContext, useContext } from "react";

/** Navigates once the target page can show, and resolves when the URL has changed. */
export type PortalNavigate = (to: string, options?: NavigateOptions) => Promise<void>;

/**
 * The portal's navigate (useLoadingNavigate in auth-pages.tsx), provided by the routes' root. A
 * context rather than an import, because auth-pages.tsx imports the pages that use it.
 */
export const PortalNavigateContext = createContext<PortalNavigate | null>(null);

/** The navigate for a page's own navigations: see auth-pages.tsx for why not useNavigate's. */
export function usePortalNavigate(): PortalNavigate {
  const navigate = useContext(PortalNavigateContext);
  if (!navigate) throw new Error("usePortalNavigate is used outside the portal's routes");
  return navigate;
}
