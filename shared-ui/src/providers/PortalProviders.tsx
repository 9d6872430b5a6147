import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { RouterProvider } from "react-aria-components";
import { type NavigateOptions, useHref, useNavigate } from "react-router-dom";
import { queryClient } from "../query/query-client";
import { ToastRegion } from "../Toast/Toast";

declare module "react-aria-components" {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/**
 * Query cache, toast region and client-side navigation for shared-ui Links and Menu items.
 * Render once inside the React Router (the shell does; remotes only in standalone dev).
 */
export function PortalProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider navigate={(to, opts) => navigate(to, opts)} useHref={useHref}>
        {children}
        <ToastRegion />
      </RouterProvider>
    </QueryClientProvider>
  );
}
