import { applyThemePreference, session } from "@hosting-portal/shared-ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { matchPath, RouterProvider } from "react-router-dom";
import { createRouter } from "./app/router";
import { remoteRoutes } from "./app/routes";
import { loadPage, registerPortalRemotes } from "./features/remotes/load-remote";
import { fetchRemotesConfig } from "./features/remotes/remotes-config";

applyThemePreference();
session.start();

async function start() {
  try {
    registerPortalRemotes(await fetchRemotesConfig());
    // Start the current page's remote now rather than after the first render (STACK-NOTES:
    // cuts time to remote content by about a third). Errors surface in the page's boundary.
    const current = remoteRoutes.find((r) => matchPath(r.path, window.location.pathname));
    if (current && session.getSession()) loadPage(current.id).catch(() => undefined);
  } catch (err) {
    // Without the map every remote page shows its error panel; the frame itself still works.
    console.error("[portal] remotes.json", err);
  }
  const root = document.getElementById("root");
  if (!root) throw new Error("#root missing in index.html");
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
}

void start();
