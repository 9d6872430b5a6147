import { matchPath } from "@hosting-portal/router";
import { applyThemePreference, getLocale, localeReady, session } from "@hosting-portal/shared-ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PortalRouter } from "./app/router";
import { remoteRoutes } from "./app/routes";
import { ensureRemotes, loadPage, prefetchManifest } from "./features/remotes/load-remote";
import "./i18n";

applyThemePreference();
session.start();

// The frame renders at once; the current page's remote starts loading now rather than after the
// first render (cuts time to remote content by about a third). Failures (remotes.json included)
// surface in the page's error panel, memoised until Retry.
void ensureRemotes().catch(() => undefined);
const current = remoteRoutes.find((r) => matchPath(r.path, window.location.pathname));
// Signed-in users only: the session is restored from the refresh cookie first.
if (current) {
  prefetchManifest(current.id);
  void session.ready().then(() => {
    if (session.getSession()) loadPage(current.id).catch(() => undefined);
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("#root missing in index.html");
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <PortalRouter />
    </StrictMode>,
  );
// English is bundled; another language's messages (the frame's, loaded in parallel with the
// session and the remote) come first, so the frame does not flash up in English.
if (getLocale() === "en") render();
else void localeReady().then(render);
