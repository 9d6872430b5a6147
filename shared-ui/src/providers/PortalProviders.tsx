import type { NavigateOptions } from "@hosting-portal/router";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RouterProvider } from "react-aria-components";
import { ReactAriaI18n } from "../i18n/react-aria-i18n";
import { queryClient } from "../query/query-client";
import { ToastRegion } from "../Toast/Toast";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Query cache, the page's language for React Aria, toast region and client-side navigation for shared-ui Links and Menu items.
 * Render once inside the React Router (the shell does; remotes only in standalone dev), passing
 * its `useNavigate()` and `useHref`: shared-ui's main entry does not import the router itself, so
 * the shared-ui share stays apart from the router share (a remote's build inlined the whole of
 * shared-ui into its share loader when it did).
 */
export function PortalProviders({
  children,
  navigate,
  useHref,
}: {
  children: ReactNode;
  navigate: (to: string, options?: NavigateOptions) => void;
  useHref: (to: string) => string;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ReactAriaI18n>
        <RouterProvider navigate={navigate} useHref={useHref}>
          {children}
          <ToastRegion />
        </RouterProvider>
      </ReactAriaI18n>
    </QueryClientProvider>
  );
}
