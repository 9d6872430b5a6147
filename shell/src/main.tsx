import { matchPath } from "@hosting-portal/router";
import { applyThemePreference, getLocale, localeReady, session } from "@hosting-portal/shared-ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PortalRouter } from "./app/router";
import { remoteRoutes } from "./app/routes";
import { prefetchFrameData } from "./features/layout/frame-data";
import { ensureRemotes, loadPage, prefetchManifest } from "./features/remotes/load-remote";
import { prefetchPageData } from "./features/remotes/page-module";
import "./i18n";

applyThemePreference();
session.start();

/**
 * How long the first render waits for the session and the current page's code. A remote slower
 * than this (a cold CDN, a dev server compiling) gets the frame first, with the page's skeleton,
 * as every page did before.
 */
const FIRST_RENDER_WAIT_MS = 1_000;

// Failures (remotes.json included) surface in the page's error panel, memoised until Retry.
void ensureRemotes().catch(() => undefined);
const current = remoteRoutes.find((r) => matchPath(r.path, window.location.pathname));
if (current) prefetchManifest(current.id);

/*
 * The first render waits, within FIRST_RENDER_WAIT_MS, until it can show the page rather than
 * placeholders: the restored session (signed in or not), then the frame's reads and the current
 * page's code, whose download starts now instead of after the frame's first render. Frame and
 * page then appear in one commit, as in a single bundle: rendering the frame first kept the main
 * thread busy while the remote's code waited to be asked for, and a page that suspends is
 * revealed up to 300 ms late (React's throttle on Suspense reveals). The page's own first reads
 * (its module's `prefetch`) start as soon as its code is here, so they are under way during that
 * render instead of asked for after its commit; the render does not wait for them: a page with a
 * large first render (fifty orders) showed its data later when frame, page and rows were
 * rendered in one piece after the reads than when its skeleton rendered while they ran.
 * Remote code is only asked for a signed-in user.
 */
async function beforeFirstRender(): Promise<void> {
  await session.ready();
  if (!session.getSession()) return;
  const frameData = prefetchFrameData();
  if (current) {
    const page = await loadPage(current.id).catch(() => undefined);
    if (page) void prefetchPageData(current, page, window.location);
  }
  await frameData;
}
const firstRenderReady = Promise.race([
  beforeFirstRender(),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]);

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
void Promise.all([getLocale() === "en" ? undefined : localeReady(), firstRenderReady]).then(render);
